import type { ProjectAccess, ProjectRecord } from '../project/project.api.js';
import { currentRelease } from './current-release.js';
import type { DeployStateStore } from './deploy-state.js';
import type { ReleaseRepository } from './release.repository.js';
import type { TraceRepository } from './trace.repository.js';

/** A full git commit id, or a Subversion revision. */
const COMMIT = /^(?:[0-9a-f]{40}(?:[0-9a-f]{24})?|r\d+)$/;

/** A text field of a stored JSON object ('' when absent, not text, or the JSON is damaged). */
function textOf(json: string | undefined, key: string): string {
  try {
    const value = (JSON.parse(json ?? '{}') as Record<string, unknown>)[key];
    return typeof value === 'string' ? value : '';
  } catch {
    return '';
  }
}

/**
 * The commits a project's servers run or are about to run: that of the release each bound server
 * runs (every server's, when they differ), and those named by deploys queued or running. A
 * release's commit is the one its deploy's pull stage recorded; a deploy of a branch head names
 * no commit until it runs, and is left out.
 */
export function createDeployedCommits(deps: {
  projects: Pick<ProjectAccess, 'bindingsOf'>;
  states: DeployStateStore;
  releases: ReleaseRepository;
  traces: TraceRepository;
}) {
  const { states, releases, traces } = deps;

  async function liveReleases(row: ProjectRecord): Promise<string[]> {
    const bound = (await deps.projects.bindingsOf([row.id])).get(row.id)?.serverIds ?? [];
    const one = await currentRelease({ states, releases }, row, bound);
    if (one !== undefined || !row.symlink_path) return one === undefined ? [] : [one];
    const each = await Promise.all(bound.map((id) => releases.lastLinked(row.id, id)));
    return each.filter((name): name is string => name !== undefined);
  }

  return async (row: ProjectRecord): Promise<string[]> => {
    const names = [...new Set(await liveReleases(row))];
    const pulls = await traces.pullExts(names);
    const commits = names.map((name) => textOf(pulls.get(name), 'commit'));
    for (const job of await states.active([row.id])) {
      commits.push(textOf((await states.job(job.token))?.payload, 'ref'));
    }
    return [...new Set(commits.map((c) => c.toLowerCase()).filter((c) => COMMIT.test(c)))];
  };
}
