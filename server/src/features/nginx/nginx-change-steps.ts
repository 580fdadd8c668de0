import { besideSteps, ScriptExit, writeTempStep, type GuardedChange } from './nginx-scripts.js';

/**
 * The guarded changes of configuration files. Each is undone by an atomic rename (or removal of
 * what it added) when `nginx -t` refuses the result. Paths arrive as variables (`$f`, `$s`),
 * quoted by `guardedScript`. SECURITY: every path is first passed to `inside` (exit 14 for a link
 * out of the configuration directories); contents are read and written at the resolved path,
 * while a rename or a removal acts on the link itself, never on its target.
 */

const refuseExisting = `if [ -e "$f" ] || [ -L "$f" ]; then exit ${ScriptExit.exists}; fi`;
const requireEntry = (v: string) =>
  `{ [ -e "$${v}" ] || [ -L "$${v}" ]; } || exit ${ScriptExit.missing}`;

/**
 * Saves `content` over the file `file` (at its target when it is a link inside the configuration,
 * so the link stays a link) when it still has the digest `oldHash`: the old content is kept beside
 * it, the new one written beside it and moved into place, and the old one moved back if the test
 * fails.
 */
export function editChange(file: string, content: string, oldHash: string): GuardedChange {
  return {
    vars: { p: file, h: oldHash },
    check: [
      'inside "$p"; f=$real',
      `[ -f "$f" ] || exit ${ScriptExit.missing}`,
      `[ "$(sha256sum < "$f" | cut -c1-64)" = "$h" ] || exit ${ScriptExit.changed}`,
      ...besideSteps('f'),
    ],
    change: [
      'cp -p -- "$f" "$b" || fail',
      'cp -p -- "$f" "$t" || fail',
      writeTempStep(content),
      'mv -f -- "$t" "$f" || fail',
      't=',
    ],
    undo: ['mv -f -- "$b" "$f"'],
    done: ['rm -f -- "$b"'],
  };
}

/** Creates the file `file` with `content`; removed again if the test fails. */
export function addChange(file: string, content: string): GuardedChange {
  return {
    vars: { f: file },
    check: ['inside "$f"', refuseExisting, ...besideSteps('f')],
    change: [writeTempStep(content), 'mv -f -- "$t" "$f" || fail', 't='],
    undo: ['rm -f -- "$f"'],
    done: [],
  };
}

/** Copies the file `src` (its target's content, when it is a link) to the new file `dst`. */
export function copyChange(src: string, dst: string): GuardedChange {
  return {
    vars: { s: src, f: dst },
    check: [
      'inside "$s"; s=$real',
      `[ -f "$s" ] || exit ${ScriptExit.missing}`,
      'inside "$f"',
      refuseExisting,
      ...besideSteps('f'),
    ],
    change: ['cp -- "$s" "$t" || fail', 'mv -f -- "$t" "$f" || fail', 't='],
    undo: ['rm -f -- "$f"'],
    done: [],
  };
}

/** Renames `from` (a file, or a link, which stays a link to the same target) to the new `to`. */
export function renameChange(from: string, to: string): GuardedChange {
  return {
    vars: { s: from, f: to },
    check: ['inside "$s"', requireEntry('s'), 'inside "$f"', refuseExisting],
    change: ['mv -- "$s" "$f" || exit 1'],
    undo: ['mv -- "$f" "$s"'],
    done: [],
  };
}

/**
 * Removes `file` (a file, or a link: the link goes, its target stays): moved aside first, back if
 * the test fails.
 */
export function deleteChange(file: string): GuardedChange {
  return {
    vars: { f: file },
    check: ['inside "$f"', requireEntry('f'), ...besideSteps('f')],
    change: ['mv -- "$f" "$b" || exit 1'],
    undo: ['mv -- "$b" "$f"'],
    done: ['rm -f -- "$b"'],
  };
}

/** Links `link` (in sites-enabled) to the file `target` (in sites-available). */
export function linkChange(target: string, link: string): GuardedChange {
  return {
    vars: { s: target, f: link },
    check: [
      'inside "$s"',
      `[ -f "$real" ] || exit ${ScriptExit.missing}`,
      'inside "$f"',
      refuseExisting,
    ],
    change: ['ln -s -- "$s" "$f" || exit 1'],
    undo: ['rm -f -- "$f"'],
    done: [],
  };
}

/** Removes the link `link` (it must be one). */
export function unlinkChange(link: string): GuardedChange {
  return {
    ...deleteChange(link),
    check: ['inside "$f"', `[ -L "$f" ] || exit ${ScriptExit.missing}`, ...besideSteps('f')],
  };
}
