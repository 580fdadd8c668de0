import type { CommitInfo } from './DeployRow';

/** What a deploy is asked to take; nothing set means the branch head to every bound server. */
export interface PublishTarget {
  commit?: string;
  /** As the picker lists it (`origin/main`); '' for a tag. */
  branch?: string;
  /** The commit as the picker showed it; without one the dialog reads the branch head. */
  info?: CommitInfo;
  /** A grey deploy: only these of the bound servers. */
  servers?: { id: number; name: string }[];
}
