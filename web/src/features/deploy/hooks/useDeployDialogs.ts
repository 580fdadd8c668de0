import type { JobStatus } from '@ferry/contract/client';
import { useDialog } from '../../../ui/useDialog';
import type { DeployHandlers } from '../components/DeployHandlers';
import type { DeployRow } from '../utils/DeployRow';
import type { PublishTarget } from '../utils/PublishTarget';
import { useCancelDeploy } from './useCancelDeploy';
import { useResetState } from './useResetState';

/** The deploy whose progress drawer is open. */
export interface ProgressTarget {
  project: Pick<DeployRow, 'id' | 'name'>;
  token: string;
  known?: JobStatus;
}

/** The dialogs of the deploy page and the handlers of the projects' buttons that open them. */
export function useDeployDialogs() {
  const publish = useDialog<{ project: DeployRow; target: PublishTarget }>();
  const commits = useDialog<DeployRow>();
  const tags = useDialog<DeployRow>();
  const grey = useDialog<DeployRow>();
  const history = useDialog<DeployRow>();
  const reviews = useDialog<Pick<DeployRow, 'id' | 'name'>>();
  const schedule = useDialog<DeployRow>();
  const progress = useDialog<ProgressTarget>();
  const processes = useDialog<DeployRow>();
  const files = useDialog<DeployRow>();
  const repository = useDialog<DeployRow>();
  const compare = useDialog<DeployRow>();
  const reset = useResetState();
  const cancel = useCancelDeploy();
  const handlers: DeployHandlers = {
    onDeploy: (project) => publish.show({ project, target: {} }),
    onPickCommit: (project) => commits.show(project),
    onPickTag: (project) => tags.show(project),
    onGrey: (project) => grey.show(project),
    onHistory: (project) => history.show(project),
    onSchedule: (project) => schedule.show(project),
    onReset: reset,
    onProcesses: (project) => processes.show(project),
    onFiles: (project) => files.show(project),
    onReviews: (project) => reviews.show(project),
    onRepository: (project) => repository.show(project),
    onFileCompare: (project) => compare.show(project),
    onCancel: cancel,
    onProgress: (project, token, known) => progress.show({ project, token, known }),
  };
  return {
    handlers,
    publish,
    commits,
    tags,
    grey,
    history,
    reviews,
    schedule,
    progress,
    processes,
    files,
    repository,
    compare,
  };
}

export type DeployDialogState = ReturnType<typeof useDeployDialogs>;
