import type { SecretBox } from '../../core/crypto.js';
import type { Db } from '../../db/database.js';
import { createNotifyTargets } from '../../infra/notify/notify-target.js';
import type { KeyFiles } from '../../infra/ssh/key-files.js';
import type * as Rows from './goploy-rows.js';
import type { GoploySource } from './goploy-source.js';
import { resyncIdSequences, type ImportContext } from './import-context.js';
import { ImportMap } from './import-map.js';
import { ReportBuilder, type ImportReport } from './import-report.js';
import {
  importMemberships,
  importNamespaces,
  importRoles,
  importUsers,
} from './identity-import.js';
import { importCrons, importMonitors, importWarningRules } from './monitor-import.js';
import { importProjects, importProjectServers, importProjectUsers } from './project-import.js';
import { importServers } from './server-import.js';
import {
  importProjectProcesses,
  importServerProcesses,
  importTemplates,
} from './run-definition-import.js';
import { importProjectFiles } from './project-file-import.js';
import { importNotificationTemplates } from './notification-template-import.js';
import { goploySecrets, importPublishTraces } from './deploy-history-import.js';
import { importProjectReviews, importProjectTasks } from './task-review-import.js';
import { LOG_TABLES } from './goploy-rows.js';
import {
  importCronLogs,
  importLoginLogs,
  importOperationLogs,
  importSftpLogs,
} from './log-import.js';
import { importTerminalLogs, RecordingCopies } from './terminal-log-import.js';

/** Rolls the transaction back once the report is complete: a dry run, or rows Ferry refused. */
class NothingWritten extends Error {}

export interface ImportOptions {
  db: Db;
  box: SecretBox;
  keyFiles: KeyFiles;
  dataDir: string;
  source: GoploySource;
  /** The Ferry database as the report names it (no password). */
  target: string;
  dryRun: boolean;
  now: number;
  /** goploy's asset (or repository) dir, where its project files' contents are. */
  assetDir?: string;
  /** Also carry goploy's logs (login, operation, SFTP, terminal, cron runs): `--with-logs`. */
  withLogs?: boolean;
  /** Where terminal recordings go (`FERRY_SHARED_DIR`); the data dir when unset. */
  sharedDir?: string;
}

/**
 * Carries goploy's rows into the Ferry database in one transaction: all of them or, when any row
 * is refused, none (the report says which and why). A dry run does the same work and rolls it
 * back, so its report is the real one. Rows an earlier import carried are skipped (decision 0047).
 */
export async function importGoploy(opts: ImportOptions): Promise<ImportReport> {
  const { source } = opts;
  const read = {
    namespaces: await source.rows<Rows.GoployNamespace>('namespace'),
    roles: await source.rows<Rows.GoployRole>('role'),
    rolePermissions: await source.rows<Rows.GoployRolePermission>('role_permission'),
    users: await source.rows<Rows.GoployUser>('user'),
    memberships: await source.rows<Rows.GoployNamespaceUser>('namespace_user'),
    servers: await source.rows<Rows.GoployServer>('server'),
    projects: await source.rows<Rows.GoployProject>('project'),
    projectServers: await source.rows<Rows.GoployProjectServer>('project_server'),
    projectUsers: await source.rows<Rows.GoployProjectUser>('project_user'),
    monitors: await source.rows<Rows.GoployMonitor>('monitor'),
    warningRules: await source.rows<Rows.GoployServerMonitor>('server_monitor'),
    crons: await source.rows<Rows.GoployCron>('cron'),
    serverProcesses: await source.rows<Rows.GoployServerProcess>('server_process'),
    templates: await source.rows<Rows.GoployTemplate>('template'),
    projectProcesses: await source.rows<Rows.GoployProjectProcess>('project_process'),
    projectFiles: await source.rows<Rows.GoployProjectFile>('project_file'),
    notificationTemplates:
      await source.rows<Rows.GoployNotificationTemplate>('notification_template'),
    tasks: await source.rows<Rows.GoployProjectTask>('project_task'),
    reviews: await source.rows<Rows.GoployProjectReview>('project_review'),
    traces: await source.rows<Rows.GoployPublishTrace>('publish_trace'),
  };
  const logs = opts.withLogs
    ? {
        login: await source.rows<Rows.GoployLoginLog>('login_log'),
        operation: await source.rows<Rows.GoployOperationLog>('operation_log'),
        sftp: await source.rows<Rows.GoploySftpLog>('sftp_log'),
        terminal: await source.rows<Rows.GoployTerminalLog>('terminal_log'),
        cron: await source.rows<Rows.GoployCronLog>('cron_log'),
      }
    : undefined;
  const leftOut = logs
    ? {}
    : Object.fromEntries(LOG_TABLES.map((t) => [t, 'left out: --with-logs carries the logs']));
  const notCarried = (await source.uncarried(leftOut)).filter((t) => t.rows > 0);
  const recordings = new RecordingCopies(
    opts.assetDir,
    opts.sharedDir ?? opts.dataDir,
    opts.dryRun,
  );
  const report = new ReportBuilder();
  let written = false;
  try {
    await opts.db.transaction().execute(async (tx) => {
      const ctx: ImportContext = {
        tx,
        box: opts.box,
        targets: createNotifyTargets(opts.box),
        keyFiles: opts.keyFiles,
        dataDir: opts.dataDir,
        now: opts.now,
        map: await ImportMap.load(tx, opts.now),
        report,
      };
      await importNamespaces(ctx, read.namespaces);
      await importRoles(ctx, read.roles, read.rolePermissions);
      await importUsers(ctx, read.users);
      await importMemberships(ctx, read.memberships);
      await importServers(ctx, read.servers);
      await importProjects(ctx, read.projects);
      await importProjectServers(ctx, read.projectServers);
      await importProjectUsers(ctx, read.projectUsers);
      await importMonitors(ctx, read.monitors);
      await importWarningRules(ctx, read.warningRules);
      await importCrons(ctx, read.crons);
      await importServerProcesses(ctx, read.serverProcesses);
      await importTemplates(ctx, read.templates, read.namespaces);
      await importProjectProcesses(ctx, read.projectProcesses);
      await importProjectFiles(ctx, read.projectFiles, opts.assetDir);
      await importNotificationTemplates(ctx, read.notificationTemplates, read.namespaces);
      await importProjectTasks(ctx, read.tasks);
      await importProjectReviews(ctx, read.reviews);
      await importPublishTraces(ctx, read.traces, {
        projects: read.projects,
        secrets: goploySecrets(read.servers, read.projects),
      });
      if (logs) {
        await importLoginLogs(ctx, logs.login);
        await importOperationLogs(ctx, logs.operation, goploySecrets(read.servers, read.projects));
        await importSftpLogs(ctx, logs.sftp);
        await importTerminalLogs(ctx, logs.terminal, recordings);
        await importCronLogs(ctx, logs.cron);
      }
      await resyncIdSequences(ctx, ['namespace', 'role', 'user', 'server', 'project']);
      if (opts.dryRun || report.refusals.length > 0) throw new NothingWritten();
    });
    written = true;
  } catch (err) {
    if (!(err instanceof NothingWritten)) throw err;
  } finally {
    if (!written) recordings.discard();
  }
  return {
    source: source.address,
    goployVersion: source.version,
    target: opts.target,
    dryRun: opts.dryRun,
    written,
    tables: report.tables(),
    refusals: report.refusals,
    notes: report.notes,
    secrets: report.secrets,
    notCarried,
  };
}
