import type { ProjectAccess, ProjectRecord } from '../project/project.api.js';
import { currentRelease } from './current-release.js';
import type { DeployStateStore } from './deploy-state.js';
import type { ReleaseRepository } from './release.repository.js';
import type { TraceRepository } from './trace.repository.js';

/**
 * The commit the project's servers all run now, by its last deploy's pull record, when it has the
 * form `id` expects (a full git id, a Subversion revision).
 */
export async function liveCommitOf(
  deps: {
    projects: Pick<ProjectAccess, 'bindingsOf'>;
    states: DeployStateStore;
    releases: ReleaseRepository;
    traces: Pick<TraceRepository, 'pullExts'>;
  },
  row: ProjectRecord,
  id: RegExp,
): Promise<string | undefined> {
  const bound = (await deps.projects.bindingsOf([row.id])).get(row.id)?.serverIds ?? [];
  const release = await currentRelease(deps, row, bound);
  if (!release) return undefined;
  try {
    const ext = JSON.parse((await deps.traces.pullExts([release])).get(release) ?? '{}') as {
      commit?: unknown;
    };
    return typeof ext.commit === 'string' && id.test(ext.commit) ? ext.commit : undefined;
  } catch {
    return undefined;
  }
}
