import { lazyDialog } from '../../../ui/lazyDialog';

/** The page's dialogs load with their first opening: the list stays light. */
export const ServerFormModal = lazyDialog(() =>
  import('./ServerFormModal').then((m) => m.ServerFormModal),
);
export const ImportModal = lazyDialog(() => import('./ImportModal').then((m) => m.ImportModal));
export const PublicKeyModal = lazyDialog(() =>
  import('./PublicKeyModal').then((m) => m.PublicKeyModal),
);
export const InstallKeyModal = lazyDialog(() =>
  import('./InstallKeyModal').then((m) => m.InstallKeyModal),
);
export const CheckServerModal = lazyDialog(() =>
  import('./CheckServerModal').then((m) => m.CheckServerModal),
);
export const BoundProjectsModal = lazyDialog(() =>
  import('./BoundProjectsModal').then((m) => m.BoundProjectsModal),
);
