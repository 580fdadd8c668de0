import { loadNamespaces } from '../../../platform';
import { lazyDialog } from '../../../ui/lazyDialog';

/* Each drawer loads with its first opening, its texts with it: a page embedding them stays light. */

export const RepositoryDrawer = lazyDialog(() =>
  Promise.all([import('./RepositoryDrawer'), loadNamespaces('repository')]).then(
    ([m]) => m.RepositoryDrawer,
  ),
);

export const FileCompareDrawer = lazyDialog(() =>
  Promise.all([import('./FileCompareDrawer'), loadNamespaces('repository')]).then(
    ([m]) => m.FileCompareDrawer,
  ),
);
