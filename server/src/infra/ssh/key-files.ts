import fs from 'node:fs';
import path from 'node:path';

/**
 * The one rule for a key file, in every refusal: a missing file, an unreadable one, one outside
 * the directory and the console's own key all read alike, so an answer tells nothing about the
 * console host's files.
 */
export const KEY_FILE_RULE =
  'must name a private key file inside the key directory (FERRY_KEY_DIR); without it, key files are refused';

/** Larger than any private key; a bigger "key" is not read. */
const MAX_KEY_BYTES = 64 * 1024;

/** Private key files on the console host that servers may log in with. */
export interface KeyFiles {
  /** The text of `file` when it may be used, else undefined (never why). */
  read(file: string): string | undefined;
}

const isInside = (dir: string, file: string) => {
  const relative = path.relative(dir, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
};

const realOrUndefined = (p: string) => {
  try {
    return fs.realpathSync(p);
  } catch {
    return undefined;
  }
};

/**
 * SECURITY: only regular files whose resolved path (symlinks and `..` followed) lies inside
 * `dir`; with no `dir`, none. Never the console's own key: nothing inside `consoleKeyDir`, and no
 * file holding the console's private key, wherever it lies (a copy or a hard link).
 */
export function createKeyFiles(opts: {
  dir: string | undefined;
  consoleKeyDir: string;
  consoleKey: () => { privateKey: string };
}): KeyFiles {
  function read(file: string): string | undefined {
    if (!opts.dir || !path.isAbsolute(file)) return undefined;
    const root = realOrUndefined(opts.dir);
    const real = realOrUndefined(file);
    if (!root || !real || !isInside(root, real)) return undefined;
    const consoleDir = realOrUndefined(opts.consoleKeyDir);
    if (consoleDir && (real === consoleDir || isInside(consoleDir, real))) return undefined;
    // O_NONBLOCK: a FIFO planted in the directory must not hang the request.
    const fd = fs.openSync(real, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    try {
      const stat = fs.fstatSync(fd);
      if (!stat.isFile() || stat.size > MAX_KEY_BYTES) return undefined;
      const text = fs.readFileSync(fd, 'utf8');
      return text.trim() === opts.consoleKey().privateKey.trim() ? undefined : text;
    } finally {
      fs.closeSync(fd);
    }
  }
  return {
    read(file) {
      try {
        return read(file);
      } catch {
        return undefined;
      }
    },
  };
}
