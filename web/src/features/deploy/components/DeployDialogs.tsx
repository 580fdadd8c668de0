import { FileCompareDrawer, RepositoryDrawer } from '../../repository';
import type { DeployDialogState } from '../hooks/useDeployDialogs';
import type { DeployRow } from '../utils/DeployRow';
import type { PublishTarget } from '../utils/PublishTarget';
import {
  CommitPickerModal,
  DeployHistoryDrawer,
  DeployProgressDrawer,
  GreyDeployModal,
  ProcessDrawer,
  ProjectFilesDrawer,
  PublishModal,
  ReviewDrawer,
  ScheduleDrawer,
  TagPickerModal,
} from './lazyDialogs';

/**
 * The deploy page's dialogs. A picker (commit, tag, servers) hands its choice to the publish
 * dialog; a started deploy, a history row and a rollback open the progress drawer.
 */
export function DeployDialogs({ d }: { d: DeployDialogState }) {
  const { publish, commits, tags, grey, history, reviews, schedule, progress, handlers } = d;
  const { processes, files, repository, compare } = d;
  const confirm =
    (close: () => void, project: DeployRow | undefined) => (target: PublishTarget) => {
      close();
      if (project) publish.show({ project, target });
    };
  return (
    <>
      <CommitPickerModal
        open={commits.open}
        project={commits.value}
        onClose={commits.close}
        onPick={confirm(commits.close, commits.value)}
      />
      <TagPickerModal
        open={tags.open}
        project={tags.value}
        onClose={tags.close}
        onPick={confirm(tags.close, tags.value)}
      />
      <GreyDeployModal
        open={grey.open}
        project={grey.value}
        onClose={grey.close}
        onPick={confirm(grey.close, grey.value)}
      />
      <PublishModal
        open={publish.open}
        project={publish.value?.project}
        target={publish.value?.target}
        onClose={publish.close}
        onStarted={(project, token) => handlers.onProgress(project, token)}
      />
      <DeployHistoryDrawer
        open={history.open}
        project={history.value}
        onClose={history.close}
        onProgress={handlers.onProgress}
      />
      <ReviewDrawer
        open={reviews.open}
        project={reviews.value}
        onClose={reviews.close}
        onProgress={handlers.onProgress}
      />
      <ScheduleDrawer
        open={schedule.open}
        project={schedule.value}
        onClose={schedule.close}
        onProgress={handlers.onProgress}
      />
      <DeployProgressDrawer open={progress.open} target={progress.value} onClose={progress.close} />
      <ProcessDrawer open={processes.open} project={processes.value} onClose={processes.close} />
      <ProjectFilesDrawer open={files.open} project={files.value} onClose={files.close} />
      <RepositoryDrawer
        open={repository.open}
        project={repository.value}
        onClose={repository.close}
      />
      <FileCompareDrawer open={compare.open} project={compare.value} onClose={compare.close} />
    </>
  );
}
