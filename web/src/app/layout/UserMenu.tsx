import { ApiOutlined, LogoutOutlined, ReadOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../auth/useLogout';
import { useUserInfo } from '../../auth/useUserInfo';
import { PlainAvatar } from '../../ui/PlainAvatar';
import { Text } from '../../ui/Text';
import { DOCS_URL } from './docsUrl';

interface UserMenuProps {
  /** Avatar only (phones). */
  compact?: boolean;
}

/** The user's avatar and name; opens profile, documentation, the API reference and sign out. */
export function UserMenu({ compact = false }: UserMenuProps) {
  const { t } = useTranslation('layout');
  const info = useUserInfo();
  const navigate = useNavigate();
  const logout = useLogout();
  const name = info?.userInfo.name || info?.userInfo.account || '';

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        style: { minWidth: 200 },
        items: [
          {
            key: 'who',
            type: 'group',
            label: (
              <Text secondary ellipsis style={{ maxWidth: 220 }}>
                {t('user.signedInAs', { account: info?.userInfo.account ?? '' })}
              </Text>
            ),
          },
          { key: 'profile', icon: <UserOutlined />, label: t('user.profile') },
          {
            key: 'docs',
            icon: <ReadOutlined />,
            label: (
              <a href={DOCS_URL} target="_blank" rel="noopener noreferrer">
                {t('user.docs')}
              </a>
            ),
          },
          { key: 'api', icon: <ApiOutlined />, label: t('user.apiReference') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, danger: true, label: t('user.logout') },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') void navigate({ to: '/user/profile' });
          if (key === 'api') void navigate({ to: '/user/api' });
          if (key === 'logout') void logout();
        },
      }}
    >
      <Button type="text" aria-label={t('user.menu')} style={{ paddingInline: 6 }}>
        <PlainAvatar size={26} style={{ flexShrink: 0 }}>
          {name.slice(0, 1).toUpperCase() || <UserOutlined />}
        </PlainAvatar>
        {compact ? null : (
          <Text ellipsis style={{ maxWidth: 120 }}>
            {name}
          </Text>
        )}
      </Button>
    </Dropdown>
  );
}
