import fs from 'node:fs';
import path from 'node:path';
import { AppError, failed } from '../../core/errors.js';

/**
 * SECURITY: confinement to a project's working copy. The contract has already refused `..`,
 * absolute paths and NUL bytes; here every link on the way is resolved (`realpath`) and a path
 * that then leads out of the copy is refused. What is checked is then pinned, so a link put in
 * its place meanwhile cannot redirect the work: a file is opened with `O_NOFOLLOW`, a directory
 * with `O_DIRECTORY | O_NOFOLLOW`, and on Linux the work goes through `/proc/self/fd/<n>`, the
 * very directory or file that was opened, whose real path is checked once more.
 */

/** `/proc/self/fd/<n>` names an open descriptor's own file (Linux); elsewhere the path serves. */
const FD_LINKS = fs.existsSync('/proc/self/fd');
const fdPath = (fd: number) => `/proc/self/fd/${fd}`;

/** Whether real path `real` is `root` or lies below it. */
export const isInside = (root: string, real: string) =>
  real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

const errnoOf = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code;

export const outside = (shown: string) =>
  failed(`${shown} leads outside the working copy`, 'path_outside_working_copy');

/** A failed file call as the user is told it, naming `shown` (the path as they sent it). */
export function copyFailure(what: string, shown: string, err: unknown): AppError {
  if (err instanceof AppError) return err;
  const label = shown === '' ? 'the working copy' : shown;
  switch (errnoOf(err)) {
    case 'ENOENT':
    case 'ENOTDIR':
      return failed(`Cannot ${what} ${label}: no such file or directory`, 'file_missing');
    case 'EACCES':
    case 'EPERM':
      return failed(`Cannot ${what} ${label}: permission denied`, 'file_permission_denied');
    case 'ELOOP':
      return outside(label);
    case undefined:
    default:
      return failed(`Cannot ${what} ${label}: ${(err as Error).message}`, 'file_failed');
  }
}

/** The real path of the working copy; code 2 `working_copy_missing` when it was never made. */
export async function realRootOf(dir: string): Promise<string> {
  try {
    const real = await fs.promises.realpath(dir);
    if ((await fs.promises.stat(real)).isDirectory()) return real;
  } catch (err) {
    if (!['ENOENT', 'ENOTDIR'].includes(errnoOf(err) ?? '')) throw err;
  }
  throw failed(
    'The project has no working copy yet: it is cloned by its first deploy or branch list',
    'working_copy_missing',
  );
}

/** The real path `rel` leads to, every link followed; refused when that is outside `root`. */
export async function resolveInside(root: string, rel: string, what: string): Promise<string> {
  try {
    const real = await fs.promises.realpath(path.join(root, rel));
    if (!isInside(root, real)) throw outside(rel);
    return real;
  } catch (err) {
    throw copyFailure(what, rel, err);
  }
}

/** Whether the descriptor's file is still inside `root` (always true where /proc is missing). */
async function stillInside(root: string, fd: number): Promise<boolean> {
  if (!FD_LINKS) return true;
  return isInside(root, await fs.promises.readlink(fdPath(fd)));
}

/** Opens `real` (a path without links) by the rules above and checks where it landed. */
async function pin(root: string, real: string, flags: number, shown: string) {
  const handle = await fs.promises
    .open(real, flags | fs.constants.O_NOFOLLOW)
    .catch(async (err: unknown) => {
      // A link now stands where a real path was checked: someone swapped it meanwhile. Linux
      // says ELOOP, or ENOTDIR when a directory was asked for.
      const swapped =
        errnoOf(err) === 'ELOOP' ||
        (errnoOf(err) === 'ENOTDIR' &&
          (await fs.promises.lstat(real).then(
            (st) => st.isSymbolicLink(),
            () => false,
          )));
      throw swapped ? outside(shown) : err;
    });
  try {
    if (!(await stillInside(root, handle.fd))) throw outside(shown);
    return handle;
  } catch (err) {
    await handle.close();
    throw err;
  }
}

/**
 * Runs `work` on directory `rel` of the copy through a path naming the opened directory itself.
 * `rel` must be resolved by the caller's `resolveInside` first (`real`).
 */
export async function inPinnedDir<T>(
  root: string,
  real: string,
  shown: string,
  work: (dir: string) => Promise<T>,
): Promise<T> {
  const flags = fs.constants.O_RDONLY | fs.constants.O_DIRECTORY;
  const handle = await pin(root, real, flags, shown);
  try {
    return await work(FD_LINKS ? fdPath(handle.fd) : real);
  } finally {
    await handle.close();
  }
}

/**
 * Opens file `real` for reading: a regular file, never a link put in its place, a directory or a
 * device (`O_NONBLOCK` keeps a FIFO from hanging the open). The caller closes the handle.
 */
export async function openPinnedFile(root: string, real: string, shown: string) {
  const flags = fs.constants.O_RDONLY | fs.constants.O_NONBLOCK;
  const handle = await pin(root, real, flags, shown);
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw failed(`${shown} is not a regular file`, 'not_a_file');
    return { handle, size: st.size };
  } catch (err) {
    await handle.close();
    throw err;
  }
}
