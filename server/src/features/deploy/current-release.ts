import type { DeployStateStore } from './deploy-state.js';
import type { ReleaseRepository } from './release.repository.js';

/**
 * The release a project's servers run now, if they all run the same one: with symlink releases,
 * the one each server linked last; without them, that of the last successful deploy.
 */
export async function currentRelease(
  deps: { states: DeployStateStore; releases: ReleaseRepository },
  project: { id: number; symlink_path: string },
  serverIds: readonly number[],
): Promise<string | undefined> {
  if (!project.symlink_path || serverIds.length === 0) {
    return deps.states.currentRelease(project.id);
  }
  const names = await Promise.all(serverIds.map((id) => deps.releases.lastLinked(project.id, id)));
  const first = names[0];
  return first !== undefined && names.every((n) => n === first) ? first : undefined;
}
