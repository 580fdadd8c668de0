import mysql from 'mysql2/promise';
import { GOPLOY_COLUMNS, NOT_CARRIED, type GoployTable } from './goploy-rows.js';

/** A refusal the import explains to the person running it; nothing was written. */
export class ImportError extends Error {}

/** The goploy versions whose schema the import knows: the 1.15, 1.16 and 1.17 lines. */
const OLDEST = [1, 15];
const NEWEST_LINE = [1, 17];

/** Where goploy's database is, with its password apart so nothing prints it. */
export interface SourceAddress {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  /** The address without the password, for messages and the report. */
  shown: string;
}

/** `mysql://USER:PASSWORD@HOST:PORT/DATABASE`; the password may be empty, the port 3306. */
export function parseSourceAddress(text: string): SourceAddress {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ImportError('--from must be an address like mysql://USER:PASSWORD@HOST:3306/goploy');
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (url.protocol !== 'mysql:' || !url.hostname || !url.username || !database) {
    throw new ImportError(
      '--from must be an address like mysql://USER:PASSWORD@HOST:3306/goploy (user and database required)',
    );
  }
  const port = url.port ? Number(url.port) : 3306;
  const user = decodeURIComponent(url.username);
  return {
    host: url.hostname,
    port,
    user,
    password: decodeURIComponent(url.password),
    database,
    shown: `mysql://${encodeURIComponent(user)}@${url.hostname}:${port}/${database}`,
  };
}

/** goploy's database, read only. */
export interface GoploySource {
  /** `system_config.version` as goploy wrote it. */
  version: string;
  address: string;
  rows<T>(table: GoployTable): Promise<T[]>;
  /**
   * Row counts of goploy's tables the import leaves in goploy (`NOT_CARRIED`, and `leftOut` of
   * this run), each with why; absent tables are left out.
   */
  uncarried(
    leftOut?: Readonly<Record<string, string>>,
  ): Promise<{ table: string; rows: number; reason: string }[]>;
  close(): Promise<void>;
}

/**
 * Connects, checks that the schema is goploy 1.15-1.17 (its recorded version and the columns the
 * import reads), and opens a read-only snapshot: every table is read in one consistent view.
 */
export async function openGoploySource(address: SourceAddress): Promise<GoploySource> {
  const conn = await connect(address);
  try {
    await conn.query('SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    await conn.query('START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY');
    const version = await schemaVersion(conn, address);
    await assertColumns(conn, address.database);
    return {
      version,
      address: address.shown,
      async rows<T>(table: GoployTable) {
        const columns = GOPLOY_COLUMNS[table].map((c) => `\`${c}\``).join(', ');
        const [rows] = await conn.query(`SELECT ${columns} FROM \`${table}\` ORDER BY id`);
        return rows as T[];
      },
      async uncarried(leftOut = {}) {
        const present = await tablesOf(conn, address.database);
        const counts: { table: string; rows: number; reason: string }[] = [];
        for (const [table, reason] of Object.entries({ ...leftOut, ...NOT_CARRIED })) {
          if (!present.has(table)) continue;
          const [rows] = await conn.query(`SELECT COUNT(*) AS n FROM \`${table}\``);
          counts.push({ table, rows: Number((rows as { n: number }[])[0]?.n ?? 0), reason });
        }
        return counts;
      },
      async close() {
        await conn.query('ROLLBACK').catch(() => undefined);
        await conn.end();
      },
    };
  } catch (err) {
    await conn.end().catch(() => undefined);
    throw err;
  }
}

async function connect(a: SourceAddress): Promise<mysql.Connection> {
  try {
    return await mysql.createConnection({
      host: a.host,
      port: a.port,
      user: a.user,
      password: a.password,
      database: a.database,
      // goploy's datetime columns hold its host's local time: read as written.
      dateStrings: true,
      supportBigNumbers: true,
      connectTimeout: 10_000,
      charset: 'utf8mb4',
    });
  } catch (err) {
    throw new ImportError(connectProblem(err, a));
  }
}

function connectProblem(err: unknown, a: SourceAddress): string {
  const e = err as { code?: string; message?: string };
  switch (e.code ?? '') {
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EHOSTUNREACH':
    case 'ETIMEDOUT':
      return `cannot reach the MySQL server at ${a.host}:${a.port} (${e.code}): is it running, and is the address right?`;
    case 'ER_ACCESS_DENIED_ERROR':
      return `the MySQL server at ${a.host}:${a.port} refused the user "${a.user}": wrong user or password`;
    case 'ER_DBACCESS_DENIED_ERROR':
      return `the user "${a.user}" may not read the database "${a.database}"`;
    case 'ER_BAD_DB_ERROR':
      return `the MySQL server at ${a.host}:${a.port} has no database "${a.database}"`;
    default:
      return `cannot read goploy's database at ${a.shown}: ${e.message ?? String(err)}`;
  }
}

async function tablesOf(conn: mysql.Connection, database: string): Promise<Set<string>> {
  const [rows] = await conn.query(
    'SELECT table_name AS t FROM information_schema.tables WHERE table_schema = ?',
    [database],
  );
  return new Set((rows as { t: string }[]).map((r) => r.t));
}

async function schemaVersion(conn: mysql.Connection, a: SourceAddress): Promise<string> {
  const tables = await tablesOf(conn, a.database);
  if (!tables.has('system_config') || !tables.has('project') || !tables.has('user')) {
    throw new ImportError(`the database "${a.database}" at ${a.shown} is not a goploy database`);
  }
  const [rows] = await conn.query("SELECT `value` FROM system_config WHERE `key` = 'version'");
  const version = String((rows as { value: string }[])[0]?.value ?? '');
  const parts = /^v?(\d+)\.(\d+)(?:\.(\d+))?/.exec(version);
  if (!parts) {
    throw new ImportError(`goploy's recorded version "${version}" is not a version number`);
  }
  const [major, minor] = [Number(parts[1]), Number(parts[2])];
  const older = major < OLDEST[0]! || (major === OLDEST[0] && minor < OLDEST[1]!);
  const newer = major > NEWEST_LINE[0]! || (major === NEWEST_LINE[0] && minor > NEWEST_LINE[1]!);
  if (older) {
    throw new ImportError(
      `goploy ${version} is older than 1.15: upgrade goploy to 1.17 first (its own migrations bring the schema up), then import`,
    );
  }
  if (newer) {
    throw new ImportError(
      `goploy ${version} is newer than the 1.17 line this import knows: its schema may differ, so nothing was imported`,
    );
  }
  return version;
}

/** Every column the import reads must be there: a hand-altered schema is refused, not guessed. */
async function assertColumns(conn: mysql.Connection, database: string): Promise<void> {
  const [rows] = await conn.query(
    'SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = ?',
    [database],
  );
  const present = new Set((rows as { t: string; c: string }[]).map((r) => `${r.t}.${r.c}`));
  const missing = Object.entries(GOPLOY_COLUMNS).flatMap(([table, columns]) =>
    columns.filter((c) => !present.has(`${table}.${c}`)).map((c) => `${table}.${c}`),
  );
  if (missing.length > 0) {
    throw new ImportError(
      `goploy's schema lacks columns the import reads: ${missing.join(', ')}. Is this a goploy 1.15-1.17 database?`,
    );
  }
}
