import type { GitClient } from '../../infra/git/git-client.js';
import type { WorkingCopies } from '../../infra/git/working-copies.js';
import type { DeployApi } from '../deploy/deploy.api.js';
import type { ProjectAccess, ProjectRecord } from '../project/project.api.js';

/**
 * Whether a pushed commit may deploy: `newer` than what the servers run or are about to run,
 * `stale` (one of those commits, or an ancestor of one), or `unknown` (git could not tell).
 */
export type Ancestry = 'newer' | 'stale' | 'unknown';

/** The webhook's own fetch and comparisons: bounded, the provider waits on the answer. */
const GIT_TIMEOUT_MS = 60_000;

/**
 * SECURITY: a push must not move production backwards (a replay, or a late delivery of an older
 * push). The pushed commit is compared with the deployed ones in the project's working copy,
 * fetched first when either is missing from it. Run `ancestry` and the deploy it allows inside
 * `serialized`, so that two pushes reaching this console at once are judged one after the other.
 */
export function createStaleCheck(deps: {
  git: GitClient;
  copies: WorkingCopies;
  projects: Pick<ProjectAccess, 'gitRemote'>;
  deployedCommits: DeployApi['deployedCommits'];
}) {
  const { git, copies } = deps;
  const o = { timeoutMs: GIT_TIMEOUT_MS };

  /** 'missing' when a commit is not in the working copy yet. */
  async function compare(dir: string, pushed: string, deployed: string[]) {
    let missing = false;
    for (const commit of deployed) {
      const r = await git.isAncestor(dir, pushed, commit, o);
      if (r === true) return 'stale' as const;
      if (r === undefined) missing = true;
    }
    return missing ? ('missing' as const) : ('newer' as const);
  }

  return {
    /** Runs `work` under the project's working copy lock (the deploy's pull waits for it). */
    serialized: <T>(projectId: number, work: () => Promise<T>) => copies.withLock(projectId, work),

    /** Judges `pushed` (a full commit id); call it inside `serialized`. */
    async ancestry(project: ProjectRecord, pushed: string): Promise<Ancestry> {
      const deployed = await deps.deployedCommits(project);
      if (deployed.includes(pushed)) return 'stale';
      if (deployed.length === 0) return 'newer';
      const dir = copies.dirOf(project.id);
      try {
        let r = copies.exists(project.id) ? await compare(dir, pushed, deployed) : 'missing';
        if (r === 'missing') {
          await git.fetch(dir, deps.projects.gitRemote(project).remote, o);
          r = await compare(dir, pushed, deployed);
        }
        // Still missing after a fetch: a commit the repository does not have (any more).
        return r === 'missing' ? 'unknown' : r;
      } catch {
        return 'unknown';
      }
    },
  };
}

export type StaleCheck = ReturnType<typeof createStaleCheck>;
