import { loadNamespaces } from '../../../app/i18n/loadNamespaces';
import { lazyDialog } from '../../../ui/lazyDialog';

/* Each dialog loads with its first opening: the deploy page's own chunk carries only the list. */

export const PublishModal = lazyDialog(() => import('./PublishModal').then((m) => m.PublishModal));

export const CommitPickerModal = lazyDialog(() =>
  import('./CommitPickerModal').then((m) => m.CommitPickerModal),
);

export const TagPickerModal = lazyDialog(() =>
  import('./TagPickerModal').then((m) => m.TagPickerModal),
);

export const GreyDeployModal = lazyDialog(() =>
  import('./GreyDeployModal').then((m) => m.GreyDeployModal),
);

export const DeployHistoryDrawer = lazyDialog(() =>
  import('./DeployHistoryDrawer').then((m) => m.DeployHistoryDrawer),
);

export const ReviewDrawer = lazyDialog(() =>
  Promise.all([import('./ReviewDrawer'), loadNamespaces('review')]).then(([m]) => m.ReviewDrawer),
);

export const DeployProgressDrawer = lazyDialog(() =>
  import('./DeployProgressDrawer').then((m) => m.DeployProgressDrawer),
);

export const ScheduleDrawer = lazyDialog(() =>
  Promise.all([import('./ScheduleDrawer'), loadNamespaces('schedule')]).then(
    ([m]) => m.ScheduleDrawer,
  ),
);

export const ProcessDrawer = lazyDialog(() =>
  Promise.all([import('./ProcessDrawer'), loadNamespaces('projectTools', 'script')]).then(
    ([m]) => m.ProcessDrawer,
  ),
);

export const ProjectFilesDrawer = lazyDialog(() =>
  Promise.all([import('./ProjectFilesDrawer'), loadNamespaces('projectTools')]).then(
    ([m]) => m.ProjectFilesDrawer,
  ),
);
