import {
  CloseCircleOutlined,
  CloseOutlined,
  ColumnWidthOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { Dropdown, Tabs, theme, type MenuProps } from 'antd';
import { cloneElement, type MouseEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { type TabView, useTabs } from '../../platform';
import { NAVBAR_HEIGHT } from '../layout/Navbar';
import { useAffixTabs } from './useAffixTabs';
import { useRecordVisit } from './useRecordVisit';

const MIDDLE_BUTTON = 1;

interface MouseHandlers {
  onMouseDown?: (e: MouseEvent) => void;
  onAuxClick?: (e: MouseEvent) => void;
}

/**
 * The strip of visited pages under the navbar (product.md §2): a click opens the page; the
 * context menu refreshes or closes; a middle click closes; fixed tabs cannot be closed.
 */
export function TabsStrip({ mobile = false }: { mobile?: boolean }) {
  const { t } = useTranslation(['layout', 'menu']);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pathname = useLocation({ select: (l) => l.pathname });
  const tabs = useTabs((s) => s.tabs);
  const store = useTabs.getState;
  useRecordVisit();
  useAffixTabs();

  const go = (to: string | undefined) => {
    if (to !== undefined) void navigate({ href: to });
  };
  const refresh = (tab: TabView) => {
    // Marks the cached data stale, so the page fetches again when /redirect brings it back.
    void queryClient.invalidateQueries({ refetchType: 'none' });
    void navigate({ href: `/redirect${tab.fullPath}`, replace: true });
  };
  const closable = tabs.filter((x) => !x.affix);

  const menuFor = (tab: TabView): MenuProps => ({
    items: [
      { key: 'refresh', icon: <ReloadOutlined aria-hidden />, label: t('layout:tabs.refresh') },
      {
        key: 'close',
        icon: <CloseOutlined aria-hidden />,
        label: t('layout:tabs.close'),
        disabled: tab.affix,
      },
      {
        key: 'closeOthers',
        icon: <ColumnWidthOutlined aria-hidden />,
        label: t('layout:tabs.closeOthers'),
        disabled: !closable.some((x) => x.path !== tab.path),
      },
      {
        key: 'closeAll',
        icon: <CloseCircleOutlined aria-hidden />,
        label: t('layout:tabs.closeAll'),
        disabled: closable.length === 0,
      },
    ],
    onClick: ({ key }) => {
      if (key === 'refresh') refresh(tab);
      else if (key === 'close') go(store().close(tab.path, pathname));
      else if (key === 'closeOthers') go(store().closeOthers(tab.path, pathname));
      else if (key === 'closeAll') go(store().closeAll(pathname));
    },
  });

  const wrapNode = (node: ReactElement) => {
    const tab = tabs.find((x) => x.path === node.key);
    if (!tab) return node;
    // Middle button: no autoscroll on press; close on the middle click (a fixed tab stays).
    const onMouseDown = (e: MouseEvent) => {
      if (e.button === MIDDLE_BUTTON) e.preventDefault();
    };
    const onAuxClick = (e: MouseEvent) => {
      if (e.button !== MIDDLE_BUTTON || tab.affix) return;
      e.preventDefault();
      go(store().close(tab.path, pathname));
    };
    return (
      <Dropdown key={node.key} trigger={['contextMenu']} menu={menuFor(tab)}>
        {cloneElement(node as ReactElement<MouseHandlers>, { onMouseDown, onAuxClick })}
      </Dropdown>
    );
  };

  if (tabs.length === 0) return null;
  return (
    <nav
      aria-label={t('layout:tabs.label')}
      style={{
        position: 'sticky',
        top: NAVBAR_HEIGHT,
        zIndex: 9,
        paddingInline: mobile ? 8 : 16,
        paddingTop: 6,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={tabs.some((x) => x.path === pathname) ? pathname : ''}
        items={tabs.map((tab) => ({
          key: tab.path,
          label: t(`menu:${tab.titleKey}`),
          closable: !tab.affix,
        }))}
        onChange={(key) => go(tabs.find((x) => x.path === key)?.fullPath)}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') go(store().close(key, pathname));
        }}
        renderTabBar={(props, DefaultTabBar) => (
          <DefaultTabBar {...props} style={{ margin: 0 }}>
            {wrapNode}
          </DefaultTabBar>
        )}
      />
    </nav>
  );
}
