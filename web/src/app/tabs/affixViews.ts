import { mayOpen, type Access } from '../../auth/mayOpen';
import type { TabView } from '../../platform';
import type { MenuSource } from '../menu/MenuSource';

/** The fixed tabs: routes flagged `affix` that the user may open (their sections included). */
export function affixViews(sources: readonly MenuSource[], access: Access): TabView[] {
  return sources.flatMap((source) => {
    const meta = source.meta;
    if (!mayOpen(access, meta)) return [];
    const own: TabView[] =
      meta?.affix && meta.titleKey
        ? [
            {
              path: source.path,
              fullPath: source.path,
              name: source.path,
              titleKey: meta.titleKey,
              affix: true,
              query: '',
            },
          ]
        : [];
    return [...own, ...affixViews(source.children ?? [], access)];
  });
}
