import { loadNamespaces } from '../../../platform';
import { lazyDialog } from '../../../ui/lazyDialog';

/**
 * The toolbox dialog, whose code and texts are fetched on the first opening (or on `preload()`),
 * never with the console itself.
 */
export const LazyToolboxDialog = lazyDialog(() =>
  Promise.all([import('./ToolboxDialog'), loadNamespaces('toolbox', 'toolboxText')]).then(
    ([m]) => m.ToolboxDialog,
  ),
);
