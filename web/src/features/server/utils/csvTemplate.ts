import { SERVER_IMPORT_COLUMNS } from '@ferry/contract/client';

type ImportColumn = (typeof SERVER_IMPORT_COLUMNS)[number];

/** The columns an import row must fill (the rest may be empty). */
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = ['name', 'host', 'port', 'owner'];

/** The example row of the template: the required columns and a description. */
const EXAMPLE: Record<ImportColumn, string> = {
  name: 'web-1',
  os: 'linux',
  host: '192.168.1.10',
  port: '22',
  owner: 'deploy',
  path: '',
  password: '',
  description: 'Web server',
  jumpHost: '',
  jumpPort: '',
  jumpOwner: '',
  jumpPath: '',
  jumpPassword: '',
};

/** One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The import template: the header row and one example row, CRLF line ends as RFC 4180 says. */
export function serverCsvTemplate(): string {
  const header = SERVER_IMPORT_COLUMNS.join(',');
  const example = SERVER_IMPORT_COLUMNS.map((c) => csvCell(EXAMPLE[c])).join(',');
  return `${header}\r\n${example}\r\n`;
}
