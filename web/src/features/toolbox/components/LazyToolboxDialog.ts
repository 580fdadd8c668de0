import { lazyDialog } from '../../../ui/lazyDialog';

/**
 * The toolbox dialog, whose code is fetched on the first opening (or on `preload()`), never with
 * the console itself.
 */
export const LazyToolboxDialog = lazyDialog(() =>
  import('./ToolboxDialog').then((m) => m.ToolboxDialog),
);
