import { loadNamespaces } from '../../../platform';
import { lazyDialog } from '../../../ui/lazyDialog';

/**
 * The project drawer loads with its first opening, its texts with it (another feature's page, an
 * empty deploy page, may open it without having loaded them): the list stays light.
 */
export const ProjectDrawer = lazyDialog(() =>
  Promise.all([import('./ProjectDrawer'), loadNamespaces('project')]).then(
    ([m]) => m.ProjectDrawer,
  ),
);
