import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { shellQuote } from '../ssh/quote.js';

/*
 * Shell scripts for the server side of a release, run with `sh -c`. SECURITY: every path goes
 * through shellQuote, the project's one quoting helper, and `--` ends the options of each
 * command, so no path is read as shell syntax or as an option.
 */

/** `mkdir -p` of `dir` and its parents. */
export function mkdirScript(dir: string): string {
  return `mkdir -p -- ${shellQuote(dir)}`;
}

/**
 * Points `linkPath` at `releaseDir` atomically: a new link under a temp name, renamed over the
 * old one (`mv -T`, one rename(2)), so the path never goes missing. The target is written
 * relative (`./name`) when the release lies under the link's parent dir, as goploy does (it
 * keeps working inside containers that mount that dir elsewhere). When `linkPath` is a real
 * directory the script exits 3 without touching it. Needs GNU `mv -T` on the server.
 */
export function switchLinkScript(releaseDir: string, linkPath: string): string {
  const link = trimSlashes(path.posix.normalize(linkPath));
  const temp = `${link}.ferry-tmp-${randomBytes(6).toString('hex')}`;
  const refusal = `${link} is a real directory, not a symlink; remove it first (the release was not switched)`;
  return [
    `link=${shellQuote(link)}`,
    `tmp=${shellQuote(temp)}`,
    `if [ -d "$link" ] && [ ! -L "$link" ]; then`,
    `  printf '%s\\n' ${shellQuote(refusal)} >&2`,
    '  exit 3',
    'fi',
    `ln -sfn -- ${shellQuote(linkTarget(releaseDir, link))} "$tmp" || exit 1`,
    `mv -Tf -- "$tmp" "$link" || { rm -f -- "$tmp"; exit 1; }`,
  ].join('\n');
}

/** Exits 0 when `releaseDir` is a directory (or a link to one), 1 otherwise. */
export function releaseExistsScript(releaseDir: string): string {
  // No `--` here: `test` takes none; with exactly two arguments the path is never an operator.
  return `if [ -d ${shellQuote(releaseDir)} ]; then exit 0; else exit 1; fi`;
}

/**
 * Removes the releases `names` under `root`. SECURITY: a name must be one plain path component
 * (letters, digits, `.`, `_`, `-`; not `.` or `..`), and `root` an absolute path other than `/`,
 * so nothing outside `root` can be named.
 * @throws Error for a name or root that does not qualify.
 */
export function removeReleasesScript(root: string, names: string[]): string {
  const base = trimSlashes(path.posix.normalize(root));
  if (!path.posix.isAbsolute(base) || base === '/') {
    throw new Error(`The releases dir must be an absolute path below /: ${root}`);
  }
  for (const name of names) {
    if (!/^[A-Za-z0-9._-]+$/.test(name) || name === '.' || name === '..') {
      throw new Error(`Not a release name: ${JSON.stringify(name)}`);
    }
  }
  if (names.length === 0) return 'true';
  return `rm -rf -- ${names.map((n) => shellQuote(`${base}/${n}`)).join(' ')}`;
}

/** The exit status of `switchAndPruneScript` when the switch succeeded and the prune failed. */
export const PRUNE_FAILED = 99;

/**
 * The switch, then (only when it succeeded) the removal of the releases `names` under `root`, in
 * one command: one round trip instead of two. Exits as `switchLinkScript` does when the switch
 * fails, `PRUNE_FAILED` when only the removal did, 0 when both went through.
 * @throws Error as `removeReleasesScript` does.
 */
export function switchAndPruneScript(
  releaseDir: string,
  linkPath: string,
  root: string,
  names: string[],
  opts: { spare?: boolean } = {},
): string {
  const prune = removeReleasesScript(root, names);
  return [
    `( ${switchLinkScript(releaseDir, linkPath)}`,
    ') || exit $?',
    `${prune} || exit ${PRUNE_FAILED}`,
    ...(opts.spare ? [prepareSpareScript(releaseDir)] : []),
  ].join('\n');
}

/** Where the spare copy of a release lies: beside it, `.ferry-spare-<release>`. */
export function spareOf(releaseDir: string): string {
  const dir = trimSlashes(path.posix.normalize(releaseDir));
  return path.posix.join(path.posix.dirname(dir), `.ferry-spare-${path.posix.basename(dir)}`);
}

/**
 * How long the spare copy waits once a release is live: what follows a switch (the app's restart,
 * the other servers of the deploy where they share a machine) goes first.
 */
const SPARE_DELAY_S = 1;

/**
 * The background job of `prepareSpareScript`, with the releases dir, the release and its spare as
 * `$1 $2 $3`: a constant text, so no path is ever part of the script itself.
 */
const SPARE_JOB = [
  'root=$1 rel=$2 keep=$3',
  `sleep ${SPARE_DELAY_S}`,
  'for d in "$root"/.ferry-spare-*; do',
  '  if [ -e "$d" ] && [ "$d" != "$keep" ]; then rm -rf -- "$d"; fi',
  'done',
  '[ -e "$keep" ] && exit 0',
  'tmp="$keep.tmp.$$"',
  'if cp -al -- "$rel" "$tmp" 2>/dev/null && mv -T -- "$tmp" "$keep" 2>/dev/null; then exit 0; fi',
  'rm -rf -- "$tmp"',
].join('\n');

/**
 * Once `releaseDir` is live: a moment later, in the background at the lowest CPU priority and
 * detached from the login (which does not wait for it), removes the spare copies of other releases
 * in its dir and makes one of this release, a copy of links under a temp name renamed when whole.
 * The next deploy then starts its release from that spare by one rename instead of linking every
 * file while the user waits (`seedByCopyScript`).
 */
export function prepareSpareScript(releaseDir: string): string {
  const dir = trimSlashes(path.posix.normalize(releaseDir));
  const args = [path.posix.dirname(dir), dir, spareOf(dir)].map(shellQuote).join(' ');
  return [
    // Detached from the login where setsid exists, and at the lowest priority where nice does:
    // housekeeping never takes the CPU from the app or from a transfer still running.
    "spare_run=''",
    'if command -v setsid >/dev/null 2>&1; then spare_run=setsid; fi',
    'if command -v nice >/dev/null 2>&1; then spare_run="$spare_run nice -n 19"; fi',
    `$spare_run sh -c ${shellQuote(SPARE_JOB)} ferry-spare ${args} </dev/null >/dev/null 2>&1 &`,
  ].join('\n');
}

/**
 * Seeds the new release `releaseDir` with hard links to every file of `previous`, when
 * `releaseDir` does not exist yet: by renaming the spare copy made when `previous` went live
 * (`prepareSpareScript`), else by `cp -al` now. A file that cannot be linked (one the user does not own, with
 * the kernel's protected hard links) is left out and then sent; when nothing could be linked (the
 * previous release was removed by hand) every file is sent. Either way the log says so and the
 * deploy goes on: rsync makes the directory the source's whatever it holds.
 */
export function seedByCopyScript(previous: string, releaseDir: string): string {
  const dir = trimSlashes(path.posix.normalize(releaseDir));
  const dest = shellQuote(dir);
  const from = shellQuote(trimSlashes(path.posix.normalize(previous)));
  const none = 'could not link the current release into the new one; every file is sent';
  const some = 'some files of the current release could not be linked; they are sent';
  return [
    `if [ ! -e ${dest} ]; then`,
    `  mkdir -p -- ${shellQuote(path.posix.dirname(dir))} 2>/dev/null`,
    `  if mv -T -- ${shellQuote(spareOf(previous))} ${dest} 2>/dev/null; then :`,
    `  elif cp -al -- ${from} ${dest} 2>/dev/null; then :`,
    `  elif [ -d ${dest} ]; then printf '%s\\n' ${shellQuote(some)} >&2`,
    `  else printf '%s\\n' ${shellQuote(none)} >&2`,
    '  fi',
    'fi',
  ].join('\n');
}

/** `./rest` when the release lies under the link's parent dir, else the path as given. */
function linkTarget(releaseDir: string, link: string): string {
  const release = trimSlashes(path.posix.normalize(releaseDir));
  const parent = path.posix.dirname(link);
  const prefix = parent === '/' ? '/' : `${parent}/`;
  if (
    path.posix.isAbsolute(release) &&
    release.startsWith(prefix) &&
    release.length > prefix.length
  ) {
    return `./${release.slice(prefix.length)}`;
  }
  return release;
}

function trimSlashes(p: string): string {
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}
