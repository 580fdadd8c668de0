import { mirrorTree, type MirrorResult, type TreeSource } from './tree-mirror.js';

/** What a mirror is told: when to stop, and where its lines go. */
export interface MirrorOptions {
  signal: AbortSignal;
  log: (line: string) => void;
}

/**
 * The two things every folder source (SFTP, FTP) offers, made from how it opens a checked session
 * on `remote` and how a session reads the tree under a path.
 */
export function folderSource<R extends { path: string }, S>(
  withSession: <T>(remote: R, work: (session: S) => Promise<T>, signal?: AbortSignal) => Promise<T>,
  treeOf: (session: S, root: string, log: (line: string) => void) => TreeSource,
) {
  return {
    /** Logs in and checks that the source directory is there. */
    ping: (remote: R, signal?: AbortSignal): Promise<void> =>
      withSession(remote, () => Promise.resolve(), signal),

    /** Brings `dir` in line with the source directory (see `mirrorTree`). */
    mirror: (
      remote: R,
      dir: string,
      manifestFile: string,
      o: MirrorOptions,
    ): Promise<MirrorResult> =>
      withSession(
        remote,
        (session) => mirrorTree(treeOf(session, remote.path, o.log), dir, manifestFile, o.signal),
        o.signal,
      ),
  };
}
