import path from 'node:path/posix';
import type { NginxCandidate, NginxConfigRow, NginxTestFailure } from '@ferry/contract';

/** How nginx is run on a server: the binary and the options its master was given. */
export interface NginxTarget {
  binary: string;
  /** `-p`, '' when not given. */
  prefix: string;
  /** `-c`, '' when not given. */
  conf: string;
  /** `-e`, '' when not given. */
  errorLog: string;
  /** `-g`, '' when not given. */
  globals: string;
}

const MASTER_TITLE = 'nginx: master process ';

/**
 * The masters of the detection script's `M\tpid\tuser\texe\ttitle` lines. nginx replaces its
 * command line with the title `nginx: master process <bin> <args>`, its words joined by spaces:
 * the options are read back from there (a path holding a space cannot be told apart).
 */
export function parseMasters(output: string): (NginxCandidate & { globals: string })[] {
  const masters: (NginxCandidate & { globals: string })[] = [];
  for (const line of output.split('\n')) {
    const [tag, pid, user, exe, title] = line.split('\t');
    if (tag !== 'M' || !title?.startsWith(MASTER_TITLE)) continue;
    const words = title.slice(MASTER_TITLE.length).trim().split(/ +/);
    const options = readOptions(words.slice(1));
    const named = words[0] ?? '';
    const binary = (exe ?? '').replace(/ \(deleted\)$/, '') || (named.startsWith('/') ? named : '');
    if (!binary) continue;
    masters.push({ path: binary, pid: Number(pid), user: user ?? '', ...options });
  }
  return masters;
}

function readOptions(words: string[]): Omit<NginxTarget, 'binary'> {
  const o = { prefix: '', conf: '', errorLog: '', globals: '' };
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === '-p') o.prefix = words[++i] ?? '';
    else if (w === '-c') o.conf = words[++i] ?? '';
    else if (w === '-e') o.errorLog = words[++i] ?? '';
    else if (w === '-g') {
      // The directives run to the word that ends with ';' (they may hold spaces).
      const from = ++i;
      while (i < words.length - 1 && !words[i]!.endsWith(';')) i++;
      o.globals = words.slice(from, i + 1).join(' ');
    }
  }
  return o;
}

/** The main configuration file named by `nginx -t` or, failing that, by `nginx -V`. */
export function confFromOutput(test: string, version: string): string {
  const ok = /the configuration file (\S+) (syntax is ok|test is successful)/.exec(test);
  if (ok) return ok[1]!;
  const failed = /configuration file (\S+) test failed/.exec(test);
  if (failed) return failed[1]!;
  return /--conf-path=(\S+)/.exec(version)?.[1] ?? '';
}

/** The `--prefix` nginx was built with ('' when it does not say). */
export function builtPrefix(version: string): string {
  return /--prefix=(\S+)/.exec(version)?.[1] ?? '';
}

/** The main configuration file's absolute path from the `-c` option, as nginx resolves it. */
export function resolveConf(target: NginxTarget, fallback: string, version: string): string {
  if (!target.conf) return fallback;
  if (target.conf.startsWith('/')) return path.normalize(target.conf);
  const prefix = target.prefix || builtPrefix(version);
  return prefix ? path.join(prefix, target.conf) : fallback;
}

/**
 * The `include` patterns of a configuration text (comments skipped), absolute: a relative one is
 * taken from the main configuration's directory, as nginx does.
 */
export function includePatterns(text: string, confDir: string): string[] {
  const patterns: string[] = [];
  const uncommented = text.replace(/#[^\n]*/g, '');
  for (const m of uncommented.matchAll(/(?:^|[;{}\s])include\s+("[^"]+"|'[^']+'|[^\s;]+)\s*;/g)) {
    const raw = m[1]!.replace(/^["']|["']$/g, '');
    patterns.push(raw.startsWith('/') ? path.normalize(raw) : path.join(confDir, raw));
  }
  return [...new Set(patterns)];
}

/** What `nginx -t` said when it refused: its message and the file and line it names. */
export function parseTestFailure(output: string): NginxTestFailure {
  const trimmed = output.trim();
  const line = trimmed.split('\n').find((l) => /\[emerg\]|\[crit\]|\[alert\]/.test(l)) ?? '';
  const at = / in (\/.+):(\d+)\s*$/.exec(line);
  return { output: trimmed, file: at?.[1] ?? '', line: at ? Number(at[2]) : 0 };
}

/**
 * Whether nginx's include glob (glob(3): `*`, `?`, `[…]`, a leading dot matched only by a dot)
 * takes the file `name`.
 */
export function globMatches(glob: string, name: string): boolean {
  if (name.startsWith('.') && !glob.startsWith('.')) return false;
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    const close = c === '[' ? glob.indexOf(']', i + 2) : -1;
    if (c === '*') re += '.*';
    else if (c === '?') re += '.';
    else if (close > 0) {
      const set = glob
        .slice(i + 1, close)
        .replace(/^!/, '^')
        .replace(/[\\\]]/g, '\\$&');
      re += `[${set}]`;
      i = close;
    } else re += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  try {
    return new RegExp(`^${re}$`, 's').test(name);
  } catch {
    // A class nginx's glob would refuse too (a range out of order).
    return false;
  }
}

/**
 * The `find -printf '%f\t%s\t%M\t%TY-%Tm-%Td %TT\t%l\n'` lines of a directory, as list rows
 * (the seconds' fraction dropped); `enabled` says whether one of the directory's include globs
 * takes the name (sites-style links are decided later); `raw` is a link's target as written, where
 * it leads is set later.
 */
export function parseFindRows(
  output: string,
  dir: string,
  globs: readonly string[],
): (NginxConfigRow & { raw: string })[] {
  const rows: (NginxConfigRow & { raw: string })[] = [];
  for (const line of output.split('\n')) {
    const [name, size, mode, modTime, link] = line.split('\t');
    if (!name || size === undefined || !mode || !modTime) continue;
    rows.push({
      name,
      size: Number(size),
      mode,
      modTime: modTime.replace(/\.\d+$/, ''),
      dir,
      enabled: globs.some((g) => globMatches(g, name)),
      link: '',
      linkOut: false,
      raw: link ?? '',
    });
  }
  return rows;
}
