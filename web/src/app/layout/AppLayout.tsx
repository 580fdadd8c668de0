import { Outlet } from '@tanstack/react-router';
import { Layout, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { ReactElement } from 'react';
import { useHubSocket } from '../../api/hub/useHubSocket';
import { usePreferences } from '../../platform';
import { useIsMobile } from '../../ui/useIsMobile';
import { TabsStrip } from '../tabs/TabsStrip';
import { Navbar } from './Navbar';
import { SideNav } from './SideNav';

// The drawer's code comes only to narrow screens.
const SideDrawer = lazy(() => import('./SideDrawer').then((m) => ({ default: m.SideDrawer })));

export const SIDEBAR_WIDTH = 220;
const SIDEBAR_COLLAPSED_WIDTH = 64;

/** Navbar, sidebar (a drawer below 992px) and the current page. */
export function AppLayout(): ReactElement {
  const mobile = useIsMobile();
  const { token } = theme.useToken();
  const sidebarOpen = usePreferences((s) => s.sidebarOpen);
  const setSidebarOpen = usePreferences((s) => s.setSidebarOpen);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useHubSocket();

  const toggle = () => (mobile ? setDrawerOpen((o) => !o) : setSidebarOpen(!sidebarOpen));

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {mobile ? (
        <Suspense fallback={null}>
          <SideDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            width={SIDEBAR_WIDTH}
          />
        </Suspense>
      ) : (
        <Layout.Sider
          width={SIDEBAR_WIDTH}
          collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
          collapsed={!sidebarOpen}
          trigger={null}
          collapsible
          theme="light"
          style={{
            position: 'sticky',
            top: 0,
            height: '100vh',
            borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <SideNav collapsed={!sidebarOpen} />
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Navbar mobile={mobile} sidebarOpen={sidebarOpen} onToggleSidebar={toggle} />
        {/* A phone gives the page the room: no strip of visited pages. */}
        {mobile ? null : <TabsStrip />}
        <Layout.Content style={{ padding: mobile ? 12 : 24, minWidth: 0 }}>
          <div style={{ maxWidth: 1280, margin: '0 auto' }}>
            <Outlet />
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
