import { NGINX_MAX_FILE_BYTES } from '@ferry/contract';
import { shellJoin, shellQuote } from '../../infra/ssh/quote.js';
import type { NginxTarget } from './nginx-parse.js';

/**
 * The shell scripts the nginx feature runs on a server. SECURITY: every value (a binary, a path,
 * a name, a glob) goes through `shellQuote`; a file's content travels as base64 in a quoted
 * heredoc whose delimiter base64 cannot produce. Nothing here is substituted with variables.
 */

/** Exit statuses the scripts answer with besides 0. */
export const ScriptExit = {
  missing: 10,
  changed: 11,
  exists: 12,
  tooLarge: 13,
  /** A file is, or leads through, a link out of the configuration directories. */
  linkOut: 14,
  testFailed: 20,
} as const;

/** The command line that runs nginx as its master was started, with `args` after the options. */
export function nginxCommand(t: NginxTarget, ...args: string[]): string {
  const argv = [t.binary];
  if (t.prefix) argv.push('-p', t.prefix);
  if (t.conf) argv.push('-c', t.conf);
  if (t.errorLog) argv.push('-e', t.errorLog);
  if (t.globals) argv.push('-g', t.globals);
  return shellJoin([...argv, ...args]);
}

/**
 * Lists the running nginx masters (`M\tpid\tuser\texe\ttitle`) from /proc, and `S\t1` when a
 * systemd unit named nginx exists on a system booted with systemd.
 */
export const DETECT_SCRIPT = `for d in /proc/[0-9]*; do
  c=$(tr '\\000' ' ' < "$d/cmdline" 2>/dev/null) || continue
  case "$c" in 'nginx: master process '*) ;; *) continue ;; esac
  u=$(stat -c %U "$d" 2>/dev/null)
  e=$(readlink "$d/exe" 2>/dev/null)
  printf 'M\\t%s\\t%s\\t%s\\t%s\\n' "\${d#/proc/}" "$u" "$e" "$c"
done
if [ -d /run/systemd/system ] && systemctl cat nginx.service >/dev/null 2>&1; then printf 'S\\t1\\n'; fi
exit 0`;

/** `nginx -t` and `nginx -V`, each as `<key> <status> <base64 of its output>`. */
export function probeScript(t: NginxTarget): string {
  return [
    `o=$(${nginxCommand(t, '-t')} 2>&1); printf 'T %s %s\\n' "$?" "$(printf '%s' "$o" | base64 | tr -d '\\n')"`,
    `o=$(${shellQuote(t.binary)} -V 2>&1); printf 'V %s %s\\n' "$?" "$(printf '%s' "$o" | base64 | tr -d '\\n')"`,
  ].join('\n');
}

/** Where the files of the routes may be: the configuration directories and the main file. */
export interface Confinement {
  dirs: readonly string[];
  conf: string;
}

/** The line `inside` prints on stderr before exit 14: the path given and where it leads. */
export const LINK_OUT_LINE = /^OUT\t([^\t\n]*)\t([^\n]*)$/m;

/**
 * Defines two shell functions. `in_conf <path>` resolves the path (every link followed, a missing
 * last part allowed) into `$real` and succeeds when `$real` is directly in one of the
 * configuration directories, resolved here too, or is the main file. `inside <path>` exits 14
 * with `OUT\t<path>\t<real>` on stderr unless `in_conf` succeeds. SECURITY: `inside` runs in the
 * script that then acts on `$real` (or on the link itself), so nothing the console does comes
 * between the check and the act: a file linked out of the configuration is neither read nor
 * written.
 */
export function confineFunctions(c: Confinement): string {
  const dirs = c.dirs.map(shellQuote).join(' ');
  return `in_conf() {
  real=$(realpath -m -- "$1") || { real=; return 1; }
  up=$(dirname -- "$real")
  for c in ${dirs}; do [ "$up" = "$(realpath -m -- "$c")" ] && return 0; done
  [ "$real" = "$(realpath -m -- ${shellQuote(c.conf)})" ]
}
inside() {
  in_conf "$1" && return 0
  printf 'OUT\\t%s\\t%s\\n' "$1" "$real" >&2; exit ${ScriptExit.linkOut}
}`;
}

/**
 * Prints a file of at most 1 MiB, and the sha-256 of its bytes on stderr (exit 10 when it is not
 * a file, 13 with its size when larger). With `within`, the file is read at its resolved path, and
 * refused (exit 14) when that is outside the configuration (the main file is read without, to find
 * the configuration directories).
 */
export function readScript(file: string, within?: Confinement): string {
  const f = within ? '"$real"' : shellQuote(file);
  return [
    ...(within ? [confineFunctions(within), `inside ${shellQuote(file)}`] : []),
    `[ -f ${f} ] || exit ${ScriptExit.missing}`,
    `s=$(wc -c < ${f}) || exit 1`,
    `[ "$s" -le ${NGINX_MAX_FILE_BYTES} ] || { echo "$s" >&2; exit ${ScriptExit.tooLarge}; }`,
    `sha256sum < ${f} | cut -c1-64 >&2`,
    `cat -- ${f}`,
  ].join('\n');
}

/**
 * Lists, per directory, the files and links whose names match one of the globs (matched by
 * `find -name`, never by the shell), each after a `@@ <index>` line; then, after `@@ <index> links`,
 * each link's name, where it leads and 1 when that is out of the configuration (`in_conf`).
 */
export function listScript(
  dirs: readonly { dir: string; globs: readonly string[] }[],
  within: Confinement,
): string {
  const sections = dirs.map(({ dir, globs }, i) => {
    const names = globs.flatMap((g, j) => [...(j ? ['-o'] : []), '-name', g]);
    const find = shellJoin(['find', dir, '-mindepth', '1', '-maxdepth', '1']);
    const tests = `\\( -type f -o -type l \\) \\( ${shellJoin(names)} \\)`;
    const printf = shellQuote('%f\t%s\t%M\t%TY-%Tm-%Td %TT\t%l\n');
    return [
      `echo '@@ ${i}'`,
      `${find} ${tests} -printf ${printf} 2>/dev/null`,
      `echo '@@ ${i} links'`,
      `${find} -type l \\( ${shellJoin(names)} \\) -printf '%f\\n' 2>/dev/null | while IFS= read -r x; do`,
      `  if in_conf ${shellQuote(dir)}/"$x"; then o=0; else o=1; fi`,
      `  printf '%s\\t%s\\t%s\\n' "$x" "$real" "$o"`,
      'done',
    ].join('\n');
  });
  return [confineFunctions(within), ...sections].join('\n');
}

/** `nginx -T`, its first `maxBytes` bytes, then `@@ <total bytes> <status>` on stderr. */
export function dumpScript(t: NginxTarget, maxBytes: number): string {
  return [
    'f=$(mktemp) || exit 1',
    `${nginxCommand(t, '-T')} > "$f" 2>&1; rc=$?`,
    `printf '@@ %s %s\\n' "$(wc -c < "$f")" "$rc" >&2`,
    `head -c ${maxBytes} "$f"; rm -f "$f"`,
  ].join('\n');
}

/** Writes `content` (base64 in a quoted heredoc) to the file `$t`, keeping its mode if it exists. */
export function writeTempStep(content: string): string {
  const b64 = Buffer.from(content, 'utf8')
    .toString('base64')
    .replace(/(.{76})/g, '$1\n');
  return `base64 -d > "$t" <<'FERRY_B64_END' || fail\n${b64}\nFERRY_B64_END`;
}

/** The lock file of guarded changes, in the SSH user's home. */
export const LOCK_FILE = '.ferry-nginx.lock';

/**
 * One guarded change at a time on the server, whichever console sends it: `flock` on a file in
 * the SSH user's home (where util-linux's flock is installed), waiting up to 25 s.
 */
const SERVER_LOCK = `if command -v flock >/dev/null 2>&1; then
  exec 9>>"\${HOME:-/tmp}/${LOCK_FILE}" && flock -w 25 9 || { echo 'another change of the nginx configuration is still running' >&2; exit 1; }
fi`;

/** One guarded change: checks, the change, how to undo it, what to tidy after success. */
export interface GuardedChange {
  /** Variables set first (name → value, quoted here). */
  vars: Record<string, string>;
  /**
   * Lines run before the change (they may set more variables and `exit` with a ScriptExit). They
   * call `inside` on every path the change reads, writes, moves or removes.
   */
  check: string[];
  change: string[];
  undo: string[];
  done: string[];
}

/**
 * The safe change: the checks (every path confined by `inside`), the change (atomic renames),
 * `nginx -t`, and on its failure the undo and exit 20 with nginx's message; on success the
 * tidy-up and the message.
 */
export function guardedScript(t: NginxTarget, within: Confinement, g: GuardedChange): string {
  const vars = Object.entries(g.vars).map(([k, v]) => `${k}=${shellQuote(v)}`);
  return [
    SERVER_LOCK,
    confineFunctions(within),
    ...vars,
    't=; b=',
    'fail() { [ -n "$t" ] && rm -f -- "$t"; [ -n "$b" ] && rm -f -- "$b"; exit 1; }',
    ...g.check,
    ...g.change,
    `if ! out=$(${nginxCommand(t, '-t')} 2>&1); then`,
    ...g.undo.map((l) => `  ${l}`),
    `  printf '%s' "$out"; exit ${ScriptExit.testFailed}`,
    'fi',
    ...g.done,
    `printf '%s' "$out"`,
  ].join('\n');
}

/** Sets `$d`, `$n`, `$t` and `$b` for the file in `$var`: temp and backup dot-files beside it. */
export function besideSteps(variable: string): string[] {
  return [
    `d=$(dirname -- "$${variable}"); n=$(basename -- "$${variable}")`,
    't="$d/.$n.ferry-new.$$"; b="$d/.$n.ferry-old.$$"',
  ];
}
