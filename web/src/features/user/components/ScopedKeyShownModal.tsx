import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../ui/copyText';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useFeedback } from '../../../ui/useFeedback';

interface ScopedKeyShownModalProps {
  name: string;
  apiKey: string;
  onClose: () => void;
}

/** A new key, this once: only its hash is kept, so it cannot be shown again. */
export function ScopedKeyShownModal({ name, apiKey, onClose }: ScopedKeyShownModalProps) {
  const { t } = useTranslation(['user', 'common']);
  const { message } = useFeedback();
  const copy = async () => {
    if (await copyText(apiKey)) void message.success(t('common:action.copied'));
    else void message.error(t('common:action.copyFailed'));
  };
  return (
    <ResponsiveModal
      open
      title={t('scopedKeys.madeTitle', { name })}
      okText={t('scopedKeys.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      onOk={onClose}
      onCancel={onClose}
    >
      <Flex vertical gap={12}>
        <Alert type="warning" showIcon title={t('scopedKeys.shownOnce')} />
        <Typography.Text
          code
          copyable={false}
          style={{ wordBreak: 'break-all' }}
          data-testid="new-key"
        >
          {apiKey}
        </Typography.Text>
        <Button
          icon={<CopyOutlined />}
          onClick={() => void copy()}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('scopedKeys.copy')}
        </Button>
      </Flex>
    </ResponsiveModal>
  );
}
