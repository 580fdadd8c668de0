import { mayOpen, type Access } from '../../auth/mayOpen';
import type { MenuEntry, MenuSource } from './MenuSource';

/**
 * Builds the side menu from the route tree and the user's access (product.md §2):
 * - hidden routes and routes the user may not open (a permission not held, a super managers'
 *   page to anyone else) are left out;
 * - a section appears only if at least one child is visible;
 * - a section with a single visible child shows as that child;
 * - a route without a title (a pathless layout) lends its visible children to its parent.
 */
export function buildMenu(sources: readonly MenuSource[], access: Access): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const source of sources) {
    const meta = source.meta;
    if (meta?.hidden) continue;
    if (!mayOpen(access, meta)) continue;
    const children = source.children ? buildMenu(source.children, access) : [];
    if (!meta?.titleKey) {
      entries.push(...children);
      continue;
    }
    if (source.children && source.children.length > 0) {
      if (children.length === 0) continue;
      if (children.length === 1 && children[0]) {
        entries.push(children[0]);
        continue;
      }
      entries.push({ key: source.path, titleKey: meta.titleKey, icon: meta.icon, children });
      continue;
    }
    entries.push({
      key: source.path,
      titleKey: meta.titleKey,
      icon: meta.icon,
      ...(meta.link ? { link: meta.link } : {}),
    });
  }
  return entries;
}
