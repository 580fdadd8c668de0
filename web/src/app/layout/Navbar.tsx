import { MenuFoldOutlined, MenuUnfoldOutlined, MenuOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch, ThemeToggle } from '../../platform';
import { NamespaceSwitcher } from './NamespaceSwitcher';
import { PageBreadcrumb } from './PageBreadcrumb';
import { ToolboxButton } from './ToolboxButton';
import { UserMenu } from './UserMenu';

export const NAVBAR_HEIGHT = 56;

interface NavbarProps {
  mobile: boolean;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

/** The top bar: menu toggle and page title, then namespace, theme, toolbox, language and user. */
export function Navbar({ mobile, sidebarOpen, onToggleSidebar }: NavbarProps) {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const toggleIcon = mobile ? (
    <MenuOutlined />
  ) : sidebarOpen ? (
    <MenuFoldOutlined />
  ) : (
    <MenuUnfoldOutlined />
  );
  const toggleLabel = mobile || !sidebarOpen ? t('sidebar.open') : t('sidebar.close');

  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        height: NAVBAR_HEIGHT,
        lineHeight: 'normal',
        paddingInline: mobile ? 8 : 16,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex align="center" justify="space-between" gap={8} style={{ height: '100%' }}>
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          <Button
            type="text"
            icon={toggleIcon}
            onClick={onToggleSidebar}
            aria-label={toggleLabel}
            title={toggleLabel}
          />
          <PageBreadcrumb compact={mobile} />
        </Flex>
        <Flex align="center" gap={mobile ? 0 : 4} style={{ flexShrink: 0 }}>
          <NamespaceSwitcher compact={mobile} />
          {mobile ? null : <NavbarDivider />}
          <ThemeToggle />
          <ToolboxButton />
          <LanguageSwitch />
          <UserMenu compact={mobile} />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}

/**
 * A short upright line between the namespace and the buttons, as antd's vertical Divider draws it.
 */
function NavbarDivider() {
  const { token } = theme.useToken();
  return (
    <div
      role="separator"
      style={{
        position: 'relative',
        top: '-0.06em',
        display: 'inline-block',
        boxSizing: 'border-box',
        height: '0.9em',
        marginInline: token.marginXS,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        verticalAlign: 'middle',
        borderInlineStart: `${token.lineWidth}px solid ${token.colorSplit}`,
      }}
    />
  );
}
