/**
 * Project files ("file sync"): text files kept with a project, sealed at rest, and written over
 * the working copy before the build of every deploy. Rules shared with the browser (no zod).
 */

/** The largest project file. */
export const MAX_PROJECT_FILE_BYTES = 1024 * 1024;
/** The most files one project may hold. */
export const MAX_PROJECT_FILES = 200;
/** The longest path of a project file. */
export const MAX_PROJECT_FILE_PATH = 1024;

/**
 * What is wrong with `path` as the place of a project file in the working copy, or '' when
 * nothing is: relative, `/`-separated, no empty, `.` or `..` segment, nothing in `.git` or `.svn`, no NUL or
 * control character, at most 255 bytes per segment.
 */
export function projectFilePathProblem(path: string): string {
  if (path === '') return 'must not be empty';
  if (path.length > MAX_PROJECT_FILE_PATH) {
    return `must be at most ${MAX_PROJECT_FILE_PATH} characters`;
  }
  // eslint-disable-next-line no-control-regex -- finding control characters is what it is for
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'must not contain control characters';
  if (path.startsWith('/')) return 'must be relative to the working copy, not absolute';
  const segments = path.split('/');
  for (const s of segments) {
    if (s === '' || s === '.') return 'must not contain empty or "." segments';
    if (s === '..') return 'must not contain ".." segments';
    if (new TextEncoder().encode(s).length > 255) return 'must have names of at most 255 bytes';
  }
  if (segments[0]!.toLowerCase() === '.git') return 'must not be inside .git';
  if (segments[0]!.toLowerCase() === '.svn') return 'must not be inside .svn';
  return '';
}
