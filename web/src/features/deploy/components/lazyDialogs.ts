import { loadDialogTexts, loadNamespaces } from '../../../platform';
import { lazyDialog } from '../../../ui/lazyDialog';

/** A dialog's module, with the deploy texts only the dialogs use (`deployDialogs`). */
const withDialogTexts = <T>(load: Promise<T>): Promise<T> =>
  Promise.all([load, loadDialogTexts('deployDialogs')]).then(([m]) => m);

/* Each dialog loads with its first opening: the deploy page's own chunk carries only the list. */

export const PublishModal = lazyDialog(() =>
  withDialogTexts(import('./PublishModal').then((m) => m.PublishModal)),
);

export const CommitPickerModal = lazyDialog(() =>
  withDialogTexts(import('./CommitPickerModal').then((m) => m.CommitPickerModal)),
);

export const TagPickerModal = lazyDialog(() =>
  withDialogTexts(import('./TagPickerModal').then((m) => m.TagPickerModal)),
);

export const GreyDeployModal = lazyDialog(() =>
  withDialogTexts(import('./GreyDeployModal').then((m) => m.GreyDeployModal)),
);

export const DeployHistoryDrawer = lazyDialog(() =>
  withDialogTexts(import('./DeployHistoryDrawer').then((m) => m.DeployHistoryDrawer)),
);

export const ReviewDrawer = lazyDialog(() =>
  withDialogTexts(
    Promise.all([import('./ReviewDrawer'), loadNamespaces('review')]).then(([m]) => m.ReviewDrawer),
  ),
);

export const DeployProgressDrawer = lazyDialog(() =>
  withDialogTexts(import('./DeployProgressDrawer').then((m) => m.DeployProgressDrawer)),
);

export const ScheduleDrawer = lazyDialog(() =>
  withDialogTexts(
    Promise.all([import('./ScheduleDrawer'), loadNamespaces('schedule')]).then(
      ([m]) => m.ScheduleDrawer,
    ),
  ),
);

export const ProcessDrawer = lazyDialog(() =>
  withDialogTexts(
    Promise.all([import('./ProcessDrawer'), loadNamespaces('projectTools', 'script')]).then(
      ([m]) => m.ProcessDrawer,
    ),
  ),
);

export const ProjectFilesDrawer = lazyDialog(() =>
  withDialogTexts(
    Promise.all([import('./ProjectFilesDrawer'), loadNamespaces('projectTools')]).then(
      ([m]) => m.ProjectFilesDrawer,
    ),
  ),
);
