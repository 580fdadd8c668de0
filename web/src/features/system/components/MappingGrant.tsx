import { CrownOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

interface MappingGrantProps {
  superManager: boolean;
  namespaceName: string;
  roleName: string;
}

/** What a group gives: super manager, marked as such, or a role in a namespace. */
export function MappingGrant({ superManager, namespaceName, roleName }: MappingGrantProps) {
  const { t } = useTranslation('system');
  if (superManager) {
    return (
      <Tag color="gold" icon={<CrownOutlined />} style={{ marginInlineEnd: 0 }}>
        {t('signIn.superManager')}
      </Tag>
    );
  }
  return <span>{t('signIn.grant', { role: roleName, namespace: namespaceName })}</span>;
}
