import { LockOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Says a secret is stored on the server (it is never sent back, only its presence). */
export function StoredTag() {
  const { t } = useTranslation();
  return (
    <Tag icon={<LockOutlined />} color="success" variant="filled">
      {t('secret.stored')}
    </Tag>
  );
}
