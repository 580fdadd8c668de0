import type { JobStatus } from '@ferry/contract/client';
import type { DeployRow } from '../utils/DeployRow';

/** What a project's buttons do; each is shown only to those who may use it. */
export interface DeployHandlers {
  onDeploy: (project: DeployRow) => void;
  onPickCommit: (project: DeployRow) => void;
  onPickTag: (project: DeployRow) => void;
  onGrey: (project: DeployRow) => void;
  onHistory: (project: DeployRow) => void;
  onSchedule: (project: DeployRow) => void;
  onReset: (project: DeployRow) => void;
  /** Opens the project's processes: their commands, run on its servers. */
  onProcesses: (project: DeployRow) => void;
  /** Opens the project's files, written over the working copy before every build. */
  onFiles: (project: DeployRow) => void;
  /** Opens the browser of the project's working copy. */
  onRepository: (project: DeployRow) => void;
  /** Opens file compare: a file of the working copy against every server. */
  onFileCompare: (project: DeployRow) => void;
  /** Opens the project's review list (reviewers). */
  onReviews: (project: Pick<DeployRow, 'id' | 'name'>) => void;
  onCancel: (project: DeployRow, token: string) => void;
  /** Opens the progress drawer of one deploy; `known` is its status when the opener knows it. */
  onProgress: (project: Pick<DeployRow, 'id' | 'name'>, token: string, known?: JobStatus) => void;
}
