import { lazyDialog } from '../../../ui/lazyDialog';

/** The project drawer loads with its first opening: the list stays light. */
export const ProjectDrawer = lazyDialog(() =>
  import('./ProjectDrawer').then((m) => m.ProjectDrawer),
);
