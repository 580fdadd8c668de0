import path from 'node:path';

/** The sftp transfer's options, parsed. */
export interface SftpOptions {
  /** `-v`, `-vv`…: log every file. */
  verbose: boolean;
  /** `--delete`: remove what the server has under the destination and the source does not. */
  delete: boolean;
  excludes: string[];
  excludeRegexps: RegExp[];
  includes: string[];
  includeRegexps: RegExp[];
}

type ListName = 'excludes' | 'excludeRegexps' | 'includes' | 'includeRegexps';

/** Options that take a value, as `--opt value` or `--opt=value`, and where the value goes. */
const WITH_VALUE: Record<string, ListName> = {
  '--exclude': 'excludes',
  '--exclude-regexp': 'excludeRegexps',
  '--include': 'includes',
  '--include-regexp': 'includeRegexps',
};

/** What is wrong with the sftp options (naming the words), or undefined when they are usable. */
export function sftpOptionProblem(options: string[]): string | undefined {
  const parsed = parseSftpOptions(options);
  return 'problem' in parsed ? parsed.problem : undefined;
}

/** Parses the user's option words; unknown words are reported together, by name. */
export function parseSftpOptions(options: string[]): SftpOptions | { problem: string } {
  const result: SftpOptions = {
    verbose: false,
    delete: false,
    ...{ excludes: [], excludeRegexps: [], includes: [], includeRegexps: [] },
  };
  const unknown: string[] = [];
  for (let i = 0; i < options.length; i++) {
    const word = options[i]!;
    if (/^-v+$/.test(word)) result.verbose = true;
    else if (word === '--delete') result.delete = true;
    else {
      const eq = word.indexOf('=');
      const name = eq === -1 ? word : word.slice(0, eq);
      const list = WITH_VALUE[name];
      if (!list) {
        unknown.push(word);
        continue;
      }
      const value = eq === -1 ? options[++i] : word.slice(eq + 1);
      if (value === undefined || value === '')
        return { problem: `the option "${name}" needs a value` };
      const problem = addValue(result, list, name, value);
      if (problem) return { problem };
    }
  }
  if (unknown.length > 0) {
    const names = unknown.map((w) => `"${w}"`).join(', ');
    return { problem: `unknown option${unknown.length > 1 ? 's' : ''} ${names}` };
  }
  return result;
}

function addValue(into: SftpOptions, list: ListName, name: string, value: string) {
  if (list === 'excludeRegexps' || list === 'includeRegexps') {
    try {
      into[list].push(new RegExp(value));
    } catch (e) {
      return `the value of "${name}" is not a regular expression: ${(e as Error).message}`;
    }
    return undefined;
  }
  const normal = normalisePattern(value);
  if (!normal) return `the value of "${name}" must be a path inside the source: ${value}`;
  into[list].push(normal);
  return undefined;
}

/** `./dist/`, `/dist` and `dist` name the same relative path; `..` leaves the source: refused. */
function normalisePattern(value: string): string | undefined {
  const normal = path.posix
    .normalize(value)
    .replace(/^(\.\/|\/)+/, '')
    .replace(/\/+$/, '');
  if (normal === '' || normal === '.' || normal === '..' || normal.startsWith('../')) {
    return undefined;
  }
  return normal;
}

/**
 * Which relative paths (posix, no leading `./`) take part in the sync. `--exclude p` drops p and
 * everything under it; `--exclude-regexp` drops paths it matches. Includes win over excludes:
 * `--include p` keeps p, each parent dir of p, and everything under p; `--include-regexp` keeps
 * paths it matches.
 */
export class PathFilter {
  constructor(private readonly opts: SftpOptions) {}

  selected(rel: string): boolean {
    return this.included(rel) || !this.excluded(rel);
  }

  /** Whether a not-selected dir may still hold selected paths (so the walk must go in). */
  mayIncludeBelow(dirRel: string): boolean {
    if (this.opts.includeRegexps.length > 0) return true;
    return this.opts.includes.some((p) => p.startsWith(`${dirRel}/`));
  }

  private excluded(rel: string): boolean {
    const { excludes, excludeRegexps } = this.opts;
    return (
      excludes.some((p) => rel === p || rel.startsWith(`${p}/`)) ||
      excludeRegexps.some((re) => re.test(rel))
    );
  }

  private included(rel: string): boolean {
    const { includes, includeRegexps } = this.opts;
    return (
      includes.some((p) => rel === p || p.startsWith(`${rel}/`) || rel.startsWith(`${p}/`)) ||
      includeRegexps.some((re) => re.test(rel))
    );
  }
}
