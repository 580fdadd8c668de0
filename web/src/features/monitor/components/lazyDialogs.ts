import { lazyDialog } from '../../../ui/lazyDialog';

/** The form loads with its first opening: the list stays light. */
export const MonitorDrawer = lazyDialog(() =>
  import('./MonitorDrawer').then((m) => m.MonitorDrawer),
);
