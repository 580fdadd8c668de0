import { Link } from '@tanstack/react-router';
import { Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../ui/BrandMark';
import { Text } from '../../ui/Text';
import { SideMenu } from './SideMenu';

interface SideNavProps {
  collapsed?: boolean;
  onNavigate?: () => void;
}

/** The brand on top of the side menu. */
export function SideNav({ collapsed = false, onNavigate }: SideNavProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical style={{ height: '100%' }}>
      <Link to="/" onClick={onNavigate} aria-label={t('app.name')}>
        <Flex
          align="center"
          justify={collapsed ? 'center' : 'flex-start'}
          gap={10}
          style={{ height: 56, paddingInline: collapsed ? 0 : 20, flexShrink: 0 }}
        >
          <BrandMark size={28} />
          {collapsed ? null : (
            <Text strong style={{ fontSize: 18, color: token.colorText }}>
              {t('app.name')}
            </Text>
          )}
        </Flex>
      </Link>
      <div style={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', paddingBottom: 16 }}>
        <SideMenu collapsed={collapsed} onNavigate={onNavigate} />
      </div>
    </Flex>
  );
}
