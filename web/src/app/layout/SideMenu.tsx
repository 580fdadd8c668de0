import { useLocation, useMatches, useRouter } from '@tanstack/react-router';
import { Empty, Menu, type MenuProps } from 'antd';
import { createElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activeMenuKey } from '../menu/activeMenuKey';
import { openKeysFor } from '../menu/openKeysFor';
import type { MenuEntry } from '../menu/MenuSource';
import { useMenu } from './useMenu';

interface SideMenuProps {
  collapsed?: boolean;
  /** Called after a page was chosen (closes the phone drawer). */
  onNavigate?: () => void;
}

/** The permitted pages, grouped in sections; the current one highlighted. */
export function SideMenu({ collapsed = false, onNavigate }: SideMenuProps) {
  const { t } = useTranslation(['menu', 'layout']);
  const router = useRouter();
  const entries = useMenu();
  const pathname = useLocation({ select: (l) => l.pathname });
  const matches = useMatches();
  const selected = activeMenuKey(pathname, matches);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(entries, selected));
  // A page opened from elsewhere (link, back button) opens its section too.
  const [shownFor, setShownFor] = useState(selected);
  if (shownFor !== selected) {
    setShownFor(selected);
    setOpenKeys((keys) => [...new Set([...keys, ...openKeysFor(entries, selected)])]);
  }

  if (entries.length === 0) {
    return collapsed ? null : (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('layout:menu.empty')}
        style={{ marginTop: 48 }}
      />
    );
  }

  const toItem = (e: MenuEntry): NonNullable<MenuProps['items']>[number] => ({
    key: e.key,
    // Decorative: the entry's name is its title, not "team Members".
    icon: e.icon ? createElement(e.icon, { 'aria-hidden': true }) : undefined,
    label: e.link ? (
      <a href={e.link} target="_blank" rel="noopener noreferrer">
        {t(`menu:${e.titleKey}`)}
      </a>
    ) : (
      t(`menu:${e.titleKey}`)
    ),
    children: e.children?.map(toItem),
  });

  return (
    <Menu
      mode="inline"
      inlineCollapsed={collapsed}
      items={entries.map(toItem)}
      selectedKeys={[selected]}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      style={{ borderInlineEnd: 'none' }}
      onClick={({ key, domEvent }) => {
        if (key.startsWith('http')) return;
        if (domEvent.ctrlKey || domEvent.metaKey) {
          window.open(key, '_blank', 'noopener');
          return;
        }
        router.history.push(key);
        onNavigate?.();
      }}
    />
  );
}
