import type { MenuTitleKey, RouteMeta } from '../../platform';

/** A route as the menu sees it: its full path, its meta and its children. */
export interface MenuSource {
  path: string;
  meta?: RouteMeta;
  children?: readonly MenuSource[];
}

/** One entry of the side menu; `key` is the path to open (or the section's path). */
export interface MenuEntry {
  key: string;
  titleKey: MenuTitleKey;
  icon?: RouteMeta['icon'];
  link?: string;
  children?: MenuEntry[];
}
