import fs from 'node:fs';
import path from 'node:path';

/** A project file as the deploy writes it: text, or a binary file's bytes. SECURITY: `content` is a secret. */
export interface ProjectFileContent {
  filename: string;
  content: string | Buffer;
}

/**
 * Writes the project files over the working copy `dir` (under its lock, after the checkout) and
 * removes those an earlier deploy wrote that are gone now: files git ignores survive the
 * checkout's clean, and a removed project file must not keep shipping. The list of what was
 * written lives beside the working copy (`<dir>.project-files.json`), never inside it, so it is
 * never deployed. A path that passes through a symbolic link of the repository, or names a
 * directory, fails the deploy rather than write outside the working copy. Resolves the names
 * written.
 */
export async function writeProjectFiles(
  dir: string,
  files: readonly ProjectFileContent[],
): Promise<string[]> {
  const manifest = `${dir}.project-files.json`;
  const before = await readManifest(manifest);
  const now = new Set(files.map((f) => f.filename));
  for (const gone of before.filter((name) => !now.has(name))) await removeStale(dir, gone);
  for (const f of files) {
    const target = await safeTarget(dir, f.filename);
    await fs.promises.writeFile(target, f.content, { mode: 0o644 });
  }
  await fs.promises.writeFile(manifest, JSON.stringify([...now]), { mode: 0o600 });
  return [...now];
}

async function readManifest(file: string): Promise<string[]> {
  try {
    const list: unknown = JSON.parse(await fs.promises.readFile(file, 'utf8'));
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

const lstat = (p: string) => fs.promises.lstat(p).catch(() => undefined);

/**
 * The path of `filename` in `dir`, its directories made; a link on the way fails, a link in its
 * place is removed (the file replaces it, never what it points to).
 */
async function safeTarget(dir: string, filename: string): Promise<string> {
  const parts = filename.split('/');
  let at = dir;
  for (const part of parts.slice(0, -1)) {
    at = path.join(at, part);
    const st = await lstat(at);
    if (!st) await fs.promises.mkdir(at);
    else if (st.isSymbolicLink()) {
      throw new Error(`project file ${filename}: ${part} is a symbolic link in the repository`);
    } else if (!st.isDirectory()) {
      throw new Error(`project file ${filename}: ${part} is a file in the repository`);
    }
  }
  const target = path.join(at, parts[parts.length - 1]!);
  const st = await lstat(target);
  if (st?.isDirectory())
    throw new Error(`project file ${filename} is a directory in the repository`);
  if (st?.isSymbolicLink()) await fs.promises.unlink(target);
  return target;
}

/** Removes a file an earlier deploy wrote, when it is still a plain file reached without links. */
async function removeStale(dir: string, filename: string): Promise<void> {
  let at = dir;
  for (const part of filename.split('/')) {
    at = path.join(at, part);
    const st = await lstat(at);
    if (!st || st.isSymbolicLink()) return;
  }
  const st = await lstat(at);
  if (st?.isFile()) await fs.promises.unlink(at);
}
