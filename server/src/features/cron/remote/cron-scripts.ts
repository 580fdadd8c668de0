import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shellJoin, shellQuote } from '../../../infra/ssh/quote.js';
import { CRON_DIR, WRAPPER_NAME } from '../crontab/cron-line.js';

/**
 * The scripts the console runs on a server for cron jobs (with `sh -s`, sent as they are: no
 * variable substituted). SECURITY: file contents travel base64-encoded, names through the one
 * quoting helper; nothing a user typed reaches a command line otherwise.
 */

/** The wrapper's file in the source tree and beside the bundle (`tsdown.config.ts` copies it). */
export const WRAPPER_FILE = 'cron-run.sh';

let wrapper: string | undefined;

/** The wrapper (`cron-run.sh`), read once. */
export function wrapperScript(): string {
  wrapper ??= fs.readFileSync(
    path.join(path.dirname(fileURLToPath(import.meta.url)), WRAPPER_FILE),
    'utf8',
  );
  return wrapper;
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** The directory of the wrapper and its records, as a shell expression. */
const DIR = `"$HOME"/${CRON_DIR}`;

/**
 * Prints `user:<login>`, `home:<home>` and `crontab:<base64 of crontab -l>` ('' when the user
 * has none); exits 2 with cron's message when the crontab cannot be read.
 */
export function readCrontabScript(): string {
  return [
    'set -u',
    'printf \'user:%s\\n\' "$(id -un)"',
    'printf \'home:%s\\n\' "$HOME"',
    't=$(mktemp) || exit 2',
    'if crontab -l >"$t" 2>"$t.e"; then',
    "  printf 'crontab:'; base64 <\"$t\" | tr -d '\\n'; printf '\\n'",
    "elif grep -qi 'no crontab' \"$t.e\"; then printf 'crontab:\\n'",
    'else cat "$t.e" >&2; rm -f "$t" "$t.e"; exit 2',
    'fi',
    'rm -f "$t" "$t.e"',
  ].join('\n');
}

/** The exit status of a write that found the crontab changed since it was read. */
export const CRONTAB_CHANGED_EXIT = 3;

/**
 * Installs the wrapper (when it differs), then writes `text` as the user's crontab through
 * `crontab -`, if the crontab is still the one whose sha-256 is `readSum` (else exits 3).
 */
export function writeCrontabScript(o: { readSum: string; text: string; wrapper: string }): string {
  const wrapperPath = `${DIR}/${WRAPPER_NAME}`;
  return [
    'set -u',
    'umask 077',
    `mkdir -p ${DIR}/runs ${DIR}/locks || exit 1`,
    `printf '%s' ${shellQuote(b64(o.wrapper))} | base64 -d >${wrapperPath}.new || exit 1`,
    `if cmp -s ${wrapperPath}.new ${wrapperPath}; then rm -f ${wrapperPath}.new;`,
    `else chmod 700 ${wrapperPath}.new && mv -f ${wrapperPath}.new ${wrapperPath} || exit 1; fi`,
    "sum=$( (crontab -l 2>/dev/null || true) | sha256sum | cut -d ' ' -f 1)",
    `if [ "$sum" != ${shellQuote(o.readSum)} ]; then`,
    `  echo 'the crontab changed since it was read' >&2; exit ${CRONTAB_CHANGED_EXIT}`,
    'fi',
    `printf '%s' ${shellQuote(b64(o.text))} | base64 -d | crontab - || exit 1`,
  ].join('\n');
}

/** Raw bytes of records printed by one read, about; a record alone may pass it. */
const READ_BUDGET_BYTES = 36 * 1024;

/**
 * Prints the oldest run records, one a line as `<name> <base64 of the file>`, until about 36 KiB
 * of records (the engine keeps 64 KiB of output), then `more` if records remain.
 */
export function readRunsScript(): string {
  return [
    `cd ${DIR}/runs 2>/dev/null || exit 0`,
    'total=0',
    "for f in $(ls -1tr | grep -E '^[0-9]+-[0-9]+-[0-9]+\\.run$'); do",
    `  if [ "$total" -ge ${READ_BUDGET_BYTES} ]; then echo more; break; fi`,
    "  printf '%s ' \"$f\"; base64 <\"$f\" | tr -d '\\n'; printf '\\n'",
    '  total=$((total + $(wc -c <"$f" | tr -d \' \')))',
    'done',
  ].join('\n');
}

/** A record's file name as the wrapper writes it. */
export const RUN_FILE = /^([0-9]+)-([0-9]+)-([0-9]+)\.run$/;

/** Removes exactly the named records (each checked against `RUN_FILE`). */
export function removeRunsScript(names: readonly string[]): string {
  for (const n of names) if (!RUN_FILE.test(n)) throw new Error(`not a run record: ${n}`);
  return [`cd ${DIR}/runs || exit 1`, `rm -f -- ${shellJoin(names)}`].join('\n');
}

/**
 * Prints every crontab the user may read, one a line as `<base64 of the file> <source>`: the
 * user's own (`crontab`), other users' in cron's spool directory where readable
 * (`crontab:<user>`), `/etc/crontab` and `/etc/cron.d/<name>`. Files over 16 KiB print `-`.
 */
export function readAllCrontabsScript(): string {
  return [
    'me=$(id -un)',
    'emit() {',
    '  if [ "$(wc -c <"$1" | tr -d \' \')" -gt 16384 ]; then printf \'- %s\\n\' "$2"; return; fi',
    '  printf \'%s %s\\n\' "$(base64 <"$1" | tr -d \'\\n\')" "$2"',
    '}',
    'for d in /var/spool/cron/crontabs /var/spool/cron; do',
    '  for f in "$d"/*; do',
    '    u=${f##*/}',
    '    [ -f "$f" ] && [ -r "$f" ] && [ "$u" != "$me" ] && emit "$f" "crontab:$u"',
    '  done',
    'done 2>/dev/null',
    '[ -f /etc/crontab ] && [ -r /etc/crontab ] && emit /etc/crontab /etc/crontab',
    'for f in /etc/cron.d/*; do [ -f "$f" ] && [ -r "$f" ] && emit "$f" "$f"; done 2>/dev/null',
    'true',
  ].join('\n');
}
