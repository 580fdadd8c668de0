import { XMLParser } from 'fast-xml-parser';
import type { ChangedFile } from '../git/commit-log.js';
import { GitError } from '../git/git-errors.js';

/**
 * svn's `--xml` answers, read into plain records. Every value is text from the repository: the
 * parser keeps it as text (no number or entity guessing beyond XML's own five), and the shapes
 * are checked field by field, so a hostile server can at worst yield an empty list.
 */

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: false,
  trimValues: false,
  isArray: (name) => ['entry', 'logentry', 'path', 'list'].includes(name),
});

type Node = Record<string, unknown>;

const asNode = (v: unknown): Node => (v && typeof v === 'object' ? (v as Node) : {});
const asList = (v: unknown): Node[] => (Array.isArray(v) ? v.map(asNode) : v ? [asNode(v)] : []);
/** A text value: an element's text, whether or not it has attributes. */
const text = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : typeof asNode(v)['#text'] === 'string'
      ? (asNode(v)['#text'] as string)
      : '';
const seconds = (date: string) => {
  const t = Date.parse(date);
  return Number.isFinite(t) ? Math.floor(t / 1000) : 0;
};
const revision = (v: unknown) => {
  const n = Number(typeof v === 'string' ? v : '');
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
};

/** A revision name as the console shows it, `r<number>`, or a bare number: the number. */
export function revisionOf(name: string): number {
  const m = /^r?(\d{1,10})$/.exec(name);
  if (!m) throw new GitError('git_bad_ref', 'A Subversion revision is r followed by its number');
  return Number(m[1]);
}

export interface SvnListEntry {
  kind: string;
  name: string;
  revision: number;
  author: string;
  timestamp: number;
}

/** `svn list --xml`: the entries of the folder. */
export function parseList(xml: string): SvnListEntry[] {
  const lists = asList(asNode(asNode(parser.parse(xml)).lists).list);
  return lists.flatMap((l) =>
    asList(l.entry).map((e) => {
      const commit = asNode(e.commit);
      return {
        kind: typeof e.kind === 'string' ? e.kind : '',
        name: text(e.name),
        revision: revision(commit.revision),
        author: text(commit.author),
        timestamp: seconds(text(commit.date)),
      };
    }),
  );
}

export interface SvnLogEntry {
  revision: number;
  author: string;
  timestamp: number;
  message: string;
  paths: Array<{ action: string; path: string }>;
}

/** `svn log --xml [-v]`: the revisions, in the order given. */
export function parseLog(xml: string): SvnLogEntry[] {
  return asList(asNode(asNode(parser.parse(xml)).log).logentry).map((e) => ({
    revision: revision(e.revision),
    author: text(e.author),
    timestamp: seconds(text(e.date)),
    message: text(e.msg).trim(),
    paths: asList(asNode(e.paths).path).map((p) => ({
      action: typeof p.action === 'string' ? p.action : '',
      path: text(p),
    })),
  }));
}

export interface SvnInfo {
  revision: number;
  lastChangedRevision: number;
  lastChangedAuthor: string;
  lastChangedTimestamp: number;
}

/** `svn info --xml` of one target. */
export function parseInfo(xml: string): SvnInfo {
  const [entry] = asList(asNode(asNode(parser.parse(xml)).info).entry);
  const e = entry ?? {};
  const commit = asNode(e.commit);
  return {
    revision: revision(e.revision),
    lastChangedRevision: revision(commit.revision),
    lastChangedAuthor: text(commit.author),
    lastChangedTimestamp: seconds(text(commit.date)),
  };
}

const STATUS: Record<string, string> = { added: 'A', deleted: 'D', modified: 'M' };

/**
 * `svn diff --summarize --xml`: the files whose content changed (property-only changes and
 * folders are left out), by path below `base`, sorted.
 */
export function parseSummary(xml: string, base: string): ChangedFile[] {
  const paths = asList(asNode(asNode(asNode(parser.parse(xml)).diff).paths).path);
  const prefix = `${base.replace(/\/+$/, '')}/`;
  return paths
    .filter((p) => p.kind === 'file' && typeof p.item === 'string' && STATUS[p.item])
    .map((p) => {
      const full = text(p);
      const rel = full.startsWith(prefix) ? full.slice(prefix.length) : full;
      return { status: STATUS[p.item as string]!, path: decodePath(rel), from: '' };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** svn gives URLs percent-encoded; a path shows as its characters. */
function decodePath(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}
