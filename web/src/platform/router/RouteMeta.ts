import type { ComponentType } from 'react';
import type menu from '../../locales/en/menu.json';

/** A key of the `menu` locale namespace: the titles of pages and menu sections. */
export type MenuTitleKey = keyof typeof menu;

/** What a route tells the layout: its title, its menu entry and who may open it. */
export interface RouteMeta {
  titleKey?: MenuTitleKey;
  /** An icon component (from @ant-design/icons) for the menu. */
  icon?: ComponentType<{ 'aria-hidden'?: boolean }>;
  /** Never shown in the menu (login, 404, detail pages). */
  hidden?: boolean;
  /** The menu entry to highlight instead of this route's own path. */
  activeMenu?: string;
  /** A tab that cannot be closed, shown in the tabs strip from the start. */
  affix?: boolean;
  /** Never kept as a tab (the 404 and refresh helpers). */
  noTab?: boolean;
  /** Permission ids; holding any one opens the route. None: any logged-in user. */
  permissions?: readonly number[];
  /** Only super managers open the route (and see it in the menu), whatever their role holds. */
  superManager?: boolean;
  /** An external address: the menu opens it in a new tab. */
  link?: string;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    meta?: RouteMeta;
  }
}
