import fs from 'node:fs';
import path from 'node:path';

/**
 * The console's clone of each project, `<dataDir>/repository/project_<id>` as goploy lays it out.
 * Git refuses two writers in one clone, so everything that touches a copy runs under its lock, one
 * at a time, in the order asked.
 */
export function createWorkingCopies(opts: { dataDir: string }) {
  const root = path.join(opts.dataDir, 'repository');
  const tails = new Map<number, Promise<unknown>>();

  const dirOf = (projectId: number) => path.join(root, `project_${projectId}`);
  /** What an SFTP or FTP source downloaded last, beside the copy so it is never deployed. */
  const sourceManifestOf = (projectId: number) =>
    path.join(root, `project_${projectId}.source.json`);

  function withLock<T>(projectId: number, work: () => Promise<T>): Promise<T> {
    const previous = tails.get(projectId) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    tails.set(projectId, tail);
    void tail.then(() => {
      if (tails.get(projectId) === tail) tails.delete(projectId);
    });
    return run;
  }

  return {
    dirOf,
    sourceManifestOf,
    withLock,
    exists: (projectId: number) => fs.existsSync(path.join(dirOf(projectId), '.git')),
    /** Deletes the copy; the next use clones again. */
    remove: (projectId: number) =>
      withLock(projectId, async () => {
        await fs.promises.rm(dirOf(projectId), { recursive: true, force: true });
        await fs.promises.rm(sourceManifestOf(projectId), { force: true });
      }),
  };
}

export type WorkingCopies = ReturnType<typeof createWorkingCopies>;
