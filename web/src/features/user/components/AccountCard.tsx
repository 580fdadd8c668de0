import { CrownOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { session } from '../../../auth/session';
import { useUserInfo } from '../../../auth/useUserInfo';

/** Who the user is and where they work. */
export function AccountCard() {
  const { t } = useTranslation('user');
  const info = useUserInfo();
  const identity = session.identity();
  if (!info) return null;
  const { account, name, superManager, id } = info.userInfo;
  return (
    <Card title={t('account.title')}>
      <Flex align="center" gap={16} style={{ marginBottom: 20 }}>
        <Avatar
          size={56}
          icon={name ? undefined : <UserOutlined />}
          style={{ flexShrink: 0, fontSize: 24 }}
        >
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0 }} ellipsis>
            {name || account}
          </Typography.Title>
          <Typography.Text type="secondary">@{account}</Typography.Text>
        </div>
      </Flex>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'account', label: t('account.account'), children: account },
          { key: 'name', label: t('account.name'), children: name || '—' },
          { key: 'id', label: t('account.id'), children: id },
          {
            key: 'role',
            label: t('account.role'),
            children:
              superManager === 1 ? (
                <Tag icon={<CrownOutlined />} color="gold" variant="filled">
                  {t('account.superManager')}
                </Tag>
              ) : (
                <Tag>{t('account.member')}</Tag>
              ),
          },
          { key: 'namespace', label: t('account.namespace'), children: identity.name || '—' },
        ]}
      />
    </Card>
  );
}
