import { Code, isHost, isLineText, LINE_TEXT_RULE, SERVER_IMPORT_COLUMNS } from '@ferry/contract';
import { parse } from 'csv-parse/sync';
import { AppError, invalid } from '../../core/errors.js';
import type { KeyFiles } from '../../infra/ssh/key-files.js';
import {
  defaultAuthType,
  settingsProblems,
  type ConnectionSettings,
  type HopSettings,
  type Problem,
} from './server-settings.js';

type Column = (typeof SERVER_IMPORT_COLUMNS)[number];
type CsvRow = Record<Column, string>;

/** One server of an import, checked and ready to store. */
export interface ImportedServer {
  name: string;
  os: string;
  description: string;
  settings: ConnectionSettings;
}

const REQUIRED: readonly Column[] = ['name', 'host', 'port', 'owner'];
const KNOWN = new Set<string>(SERVER_IMPORT_COLUMNS);
/** Enough to act on; a file with thousands of bad rows need not list every one. */
const MAX_LISTED = 100;

interface ParsedRecord {
  record: string[];
  info: { lines: number };
}

/**
 * Reads and checks a whole CSV of servers (goploy's columns). Every row is checked before any is
 * stored: one bad row refuses the file with 10003 listing each problem as `row N: field rule`,
 * N being the file's line number (the header is line 1).
 */
export function parseServerCsv(text: string, keyFiles: KeyFiles): ImportedServer[] {
  const records = readRecords(text);
  const header = records.shift()?.record.map((h) => h.trim()) ?? [];
  checkHeader(header);
  const servers: ImportedServer[] = [];
  const problems: string[] = [];
  for (const { record, info } of records) {
    // A quoted field may span lines: name the line the row starts on.
    const line = info.lines - record.join('').split('\n').length + 1;
    if (record.length !== header.length) {
      problems.push(`row ${line}: has ${record.length} fields, the header has ${header.length}`);
      continue;
    }
    const row = Object.fromEntries(SERVER_IMPORT_COLUMNS.map((c) => [c, ''])) as CsvRow;
    header.forEach((column, i) => (row[column as Column] = record[i]!.trim()));
    const { server, rowProblems } = checkRow(row, keyFiles);
    if (rowProblems.length > 0)
      problems.push(...rowProblems.map(([f, r]) => `row ${line}: ${f} ${r}`));
    else servers.push(server);
  }
  if (problems.length > 0) throw tooManyProblems(problems);
  if (servers.length === 0) throw invalid('file', 'holds no server rows');
  return servers;
}

function readRecords(text: string): ParsedRecord[] {
  try {
    return parse(text, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as ParsedRecord[];
  } catch (e) {
    throw invalid('file', `is not valid CSV: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function checkHeader(header: string[]): void {
  if (header.length === 0) throw invalid('file', 'is empty: the first line must name the columns');
  const unknown = header.find((h) => !KNOWN.has(h));
  if (unknown !== undefined) {
    throw invalid(
      'file',
      `has an unknown column "${unknown}"; the columns are ${SERVER_IMPORT_COLUMNS.join(', ')}`,
    );
  }
  const twice = header.find((h, i) => header.indexOf(h) !== i);
  if (twice !== undefined) throw invalid('file', `names the column "${twice}" twice`);
  const missing = REQUIRED.find((c) => !header.includes(c));
  if (missing !== undefined) throw invalid('file', `needs the column "${missing}"`);
}

function portProblem(text: string, min: number): string | undefined {
  if (!/^\d+$/.test(text)) return 'must be an integer';
  const port = Number(text);
  return port < min || port > 65535 ? `must be from ${min} to 65535` : undefined;
}

function hop(
  ip: string,
  port: string,
  owner: string,
  keyPath: string,
  password: string,
): HopSettings {
  const authType = defaultAuthType(keyPath);
  return {
    ip,
    port: Number(port || 0),
    owner,
    authType,
    path: keyPath,
    // goploy: with a key file, the password column is its passphrase.
    password: authType === 'password' ? password : '',
    privateKey: '',
    passphrase: authType === 'keyFile' ? password : '',
  };
}

function checkRow(
  r: CsvRow,
  keyFiles: KeyFiles,
): { server: ImportedServer; rowProblems: Problem[] } {
  const p: Problem[] = [];
  const tooLong = (field: Column, max: number) =>
    r[field].length > max && p.push([field, `must be at most ${max} characters`]);
  if (!r.name) p.push(['name', 'is required']);
  tooLong('name', 255);
  if (!isHost(r.host)) p.push(['host', 'must be an IP address or a host name']);
  const portRule = portProblem(r.port, 1);
  if (portRule) p.push(['port', portRule]);
  if (!r.owner) p.push(['owner', 'is required']);
  for (const field of ['owner', 'path', 'description', 'jumpOwner', 'jumpPath'] as const)
    tooLong(field, 255);
  for (const field of ['password', 'jumpPassword'] as const) tooLong(field, 1024);
  for (const field of ['name', 'owner', 'description', 'jumpOwner'] as const)
    if (!isLineText(r[field])) p.push([field, LINE_TEXT_RULE]);
  if (r.os !== '' && r.os !== 'linux' && r.os !== 'windows')
    p.push(['os', 'must be linux or windows']);
  if (r.jumpHost) {
    if (!isHost(r.jumpHost)) p.push(['jumpHost', 'must be an IP address or a host name']);
    const jumpPortRule = r.jumpPort ? portProblem(r.jumpPort, 0) : undefined;
    if (jumpPortRule) p.push(['jumpPort', jumpPortRule]);
  }
  const settings: ConnectionSettings = {
    ...hop(r.host, r.port, r.owner, r.path, r.password),
    jump: r.jumpHost ? hop(r.jumpHost, r.jumpPort, r.jumpOwner, r.jumpPath, r.jumpPassword) : null,
  };
  // The form's rules (a password or an absolute key path; a jump owner), with the CSV's names.
  for (const [field, rule] of settingsProblems(settings, keyFiles)) {
    p.push([field === 'jumpIP' ? 'jumpHost' : field, rule.replace('jumpIP', 'jumpHost')]);
  }
  const server = { name: r.name, os: r.os || 'linux', description: r.description, settings };
  return { server, rowProblems: p };
}

function tooManyProblems(problems: string[]): AppError {
  const listed = problems.slice(0, MAX_LISTED);
  if (problems.length > MAX_LISTED) listed.push(`… and ${problems.length - MAX_LISTED} more`);
  return new AppError(Code.illegalParam, listed.join('\n'), 'invalid_parameter');
}
