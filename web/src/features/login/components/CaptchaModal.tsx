import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClickCaptcha } from './ClickCaptcha';

interface CaptchaModalProps {
  open: boolean;
  language: string;
  onSuccess: (key: string) => void;
  onCancel: () => void;
}

/** The security check asked for after failed logins. */
export function CaptchaModal({ open, language, onSuccess, onCancel }: CaptchaModalProps) {
  const { t } = useTranslation('login');
  return (
    <Modal
      open={open}
      title={
        <Space>
          <SafetyCertificateOutlined />
          {t('captcha.title')}
        </Space>
      }
      footer={null}
      width={360}
      centered
      destroyOnHidden
      onCancel={onCancel}
    >
      {open ? <ClickCaptcha language={language} onSuccess={onSuccess} /> : null}
    </Modal>
  );
}
