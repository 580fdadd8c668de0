import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../../config.js';
import { createSecretBox, loadSecretKey } from '../../core/crypto.js';
import { secureDataDir } from '../../core/data-dir.js';
import { announcePassword } from '../../core/initial-admin-password.js';
import {
  appliedMigrations,
  migrateToLatest,
  openDatabase,
  openSqlite,
  type Db,
} from '../../db/database.js';
import { migrationProvider } from '../../db/migrations/index.js';
import { seed, type SeedResult } from '../../db/seed.js';
import { NODE_DOWN_MS } from '../../infra/cluster/console-nodes.js';
import { DataDirTakenError, lockDataDir } from '../../infra/cluster/data-dir-lock.js';
import { loadConsoleKey } from '../../infra/ssh/console-key.js';
import { createKeyFiles } from '../../infra/ssh/key-files.js';
import { importGoploy } from './goploy-import.js';
import {
  ImportError,
  openGoploySource,
  parseSourceAddress,
  type GoploySource,
} from './goploy-source.js';
import { formatReport } from './import-report.js';

const USAGE = `Usage: npm run import:goploy -- --from mysql://USER:PASSWORD@HOST:3306/goploy [options]

Imports a goploy 1.15-1.17 database into this console's database (FERRY_DATA_DIR, FERRY_DB_URL,
FERRY_SECRET_KEY as the console has them). Stop the console first. goploy's database is only read.

  --from URL       goploy's MySQL database (the password may come from
                   FERRY_IMPORT_MYSQL_PASSWORD instead, out of the process list)
  --asset-dir DIR  goploy's asset dir (or its repository dir), to carry the project files'
                   contents from repository/project-file/ (and, with --with-logs, the terminal
                   recordings from repository/terminal-log/); without it they are left out
  --with-logs      also carry goploy's logs: login, operation (secrets masked), SFTP and
                   terminal logs, and cron job runs; without it they are only counted
  --dry-run        read and report; write nothing
  --report FILE    also write the report as JSON to FILE
  --help           this text`;

/** `npm run import:goploy`: answers the exit code (0 imported, 1 refused, 2 wrong use). */
export async function runImportCommand(argv: string[], env = process.env): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  if (!args.from) {
    console.error(`--from is required\n\n${USAGE}`);
    return 2;
  }
  const assetDir = args['asset-dir'];
  if (assetDir !== undefined && !fs.statSync(assetDir, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`--asset-dir ${assetDir} is not a directory\n\n${USAGE}`);
    return 2;
  }
  let config: Config;
  try {
    config = loadConfig(env);
    return await importWith(config, args);
  } catch (err) {
    if (
      err instanceof ImportError ||
      err instanceof ConfigError ||
      err instanceof DataDirTakenError
    ) {
      console.error(
        err instanceof DataDirTakenError
          ? `${err.message}\nStop the console before importing.`
          : err.message,
      );
      return err instanceof ImportError ? 1 : 2;
    }
    throw err;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      from: { type: 'string' },
      'asset-dir': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'with-logs': { type: 'boolean', default: false },
      report: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  }).values;
}

async function importWith(config: Config, args: ReturnType<typeof parse>): Promise<number> {
  const address = parseSourceAddress(args.from!);
  // Kept out of the process list when given this way.
  address.password ||= process.env.FERRY_IMPORT_MYSQL_PASSWORD ?? '';
  const dryRun = args['dry-run'];
  // A dry run on a console never started leaves no trace: no data dir, key or database is made.
  const untouched = dryRun && !fs.existsSync(config.dataDir);
  if (!untouched) secureDataDir(config.dataDir);
  const unlock = untouched ? () => undefined : lockDataDir(config.dataDir, Date.now());
  let source: GoploySource | undefined;
  let db: Db | undefined;
  try {
    source = await openGoploySource(address);
    const opened = await openTarget(config, dryRun);
    db = opened.db;
    const box = createSecretBox(secretKey(config, dryRun));
    const consoleKeyFile = path.join(config.dataDir, 'ssh', 'id_ed25519');
    const keyFiles = createKeyFiles({
      dir: config.keyDir,
      consoleKeyDir: path.dirname(consoleKeyFile),
      consoleKey: () =>
        fs.existsSync(consoleKeyFile) || !dryRun
          ? loadConsoleKey(config.dataDir)
          : { privateKey: '' },
    });
    const report = await importGoploy({
      db,
      box,
      keyFiles,
      dataDir: config.dataDir,
      source,
      target: opened.name,
      dryRun,
      now: Date.now(),
      assetDir: args['asset-dir'],
      withLogs: args['with-logs'],
      sharedDir: config.sharedDir,
    });
    console.log(formatReport(report));
    if (args.report) {
      fs.writeFileSync(args.report, JSON.stringify(report, null, 2) + '\n', { mode: 0o600 });
    }
    if (report.written) await announceUnlessReplaced(db, config, opened.seeded);
    return report.refusals.length > 0 ? 1 : 0;
  } finally {
    await source?.close();
    await db?.destroy();
    unlock();
  }
}

/** The console's secret key; a dry run on a console without one seals with a throwaway key. */
function secretKey(config: Config, dryRun: boolean): Buffer {
  const made = config.secretKey || fs.existsSync(path.join(config.dataDir, 'secret.key'));
  return dryRun && !made ? randomBytes(32) : loadSecretKey(config.dataDir, config.secretKey);
}

/**
 * The console's database, migrated and seeded as a start would. A dry run writes nothing: on a
 * database not made yet it imports into an empty one in memory, which answers the same.
 */
async function openTarget(
  config: Config,
  dryRun: boolean,
): Promise<{ db: Db; name: string; seeded: SeedResult }> {
  const name = config.dbUrl
    ? shownDbUrl(config.dbUrl)
    : `SQLite ${path.join(config.dataDir, 'ferry.db')}`;
  const sqliteMissing = !config.dbUrl && !fs.existsSync(path.join(config.dataDir, 'ferry.db'));
  let db = sqliteMissing && dryRun ? openSqlite(':memory:') : openDatabase(config);
  try {
    const applied = await appliedMigrations(db);
    if (config.dbUrl && applied) await assertNoConsoleRunning(db);
    if (dryRun && applied !== undefined) {
      // The real database, read inside a transaction the import rolls back: it must be current.
      const known = Object.keys(await migrationProvider.getMigrations());
      if (known.some((m) => !applied.includes(m))) {
        throw new ImportError(
          "the console's database is older than this Ferry: start the console once (it updates the database), then run the dry run again",
        );
      }
      return { db, name, seeded: { created: false } };
    }
    if (dryRun) {
      await db.destroy();
      db = openSqlite(':memory:');
    }
    await migrateToLatest(db);
    const seeded = await seed(db, { adminPassword: config.adminPassword, now: Date.now() });
    return { db, name, seeded };
  } catch (err) {
    await db.destroy();
    throw err;
  }
}

/** Consoles sharing a PostgreSQL database heartbeat: any seen lately is taken as running. */
async function assertNoConsoleRunning(db: Db): Promise<void> {
  const since = Date.now() - NODE_DOWN_MS;
  const live = await db
    .selectFrom('console_node')
    .select(['host', 'pid', 'last_seen'])
    .where('last_seen', '>', since)
    .execute()
    .catch(() => []);
  if (live.length > 0) {
    const who = live.map((n) => `process ${n.pid} on ${n.host}`).join(', ');
    throw new ImportError(
      `a console is running on this database (${who}, seen in the last 30 s): stop every console before importing`,
    );
  }
}

/** `postgres://user@host:port/db`, without the password. */
function shownDbUrl(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    return u.toString();
  } catch {
    return 'PostgreSQL';
  }
}

/**
 * A console never started before got a first admin with a generated password; unless goploy's
 * `admin` took that account over (its password is then goploy's), the password is shown as a
 * start shows it.
 */
async function announceUnlessReplaced(db: Db, config: Config, seeded: SeedResult) {
  if (!seeded.generatedPassword) return;
  const admin = await db
    .selectFrom('user')
    .select('password')
    .where('account', '=', 'admin')
    .executeTakeFirst();
  if (admin?.password.startsWith('$argon2'))
    announcePassword(config.dataDir, seeded.generatedPassword);
}
