import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-identity.js';
import * as m0002 from './0002-servers.js';
import * as m0003 from './0003-projects.js';
import * as m0004 from './0004-deploys.js';
import * as m0005 from './0005-job-process-groups.js';
import * as m0006 from './0006-retention.js';
import * as m0007 from './0007-release-lifecycle.js';
import * as m0008 from './0008-transfer-manifest.js';
import * as m0009 from './0009-user-last-namespace.js';
import * as m0010 from './0010-notifications.js';
import * as m0011 from './0011-reviews.js';
import * as m0012 from './0012-webhooks.js';
import * as m0013 from './0013-deploy-tasks.js';
import * as m0014 from './0014-sftp-log.js';
import * as m0015 from './0015-remote-runs.js';
import * as m0016 from './0016-run-definitions.js';
import * as m0017 from './0017-project-files.js';
import * as m0018 from './0018-remote-run-origin.js';
import * as m0019 from './0019-monitors.js';
import * as m0020 from './0020-server-metrics.js';
import * as m0021 from './0021-server-monitor-recovery-templates.js';
import * as m0022 from './0022-cron.js';
import * as m0023 from './0023-nginx.js';
import * as m0024 from './0024-webhook-replay.js';
import * as m0025 from './0025-sealed-notify-targets.js';
import * as m0026 from './0026-console-nodes.js';
import * as m0027 from './0027-cluster-messages.js';
import * as m0028 from './0028-scheduled-passes.js';
import * as m0029 from './0029-shared-console-key.js';
import * as m0030 from './0030-ftps-certificate-check.js';
import * as m0031 from './0031-job-group-index.js';
import * as m0032 from './0032-goploy-import.js';
import * as m0033 from './0033-binary-project-files.js';
import * as m0034 from './0034-directory-sign-in.js';
import * as m0035 from './0035-session-provider.js';
import * as m0036 from './0036-directory-mappings.js';
import * as m0037 from './0037-oidc-subject.js';
import * as m0038 from './0038-api-key.js';

/**
 * Every migration, listed statically so the bundle carries them. Add one line per migration.
 * Names need not be contiguous, and one may land below a name already run (two branches each
 * adding one): the migrator runs what is missing in name order (`allowUnorderedMigrations`).
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-identity': m0001,
  '0002-servers': m0002,
  '0003-projects': m0003,
  '0004-deploys': m0004,
  '0005-job-process-groups': m0005,
  '0006-retention': m0006,
  '0007-release-lifecycle': m0007,
  '0008-transfer-manifest': m0008,
  '0009-user-last-namespace': m0009,
  '0010-notifications': m0010,
  '0011-reviews': m0011,
  '0012-webhooks': m0012,
  '0013-deploy-tasks': m0013,
  '0014-sftp-log': m0014,
  '0015-remote-runs': m0015,
  '0016-run-definitions': m0016,
  '0017-project-files': m0017,
  '0018-remote-run-origin': m0018,
  '0019-monitors': m0019,
  '0020-server-metrics': m0020,
  '0021-server-monitor-recovery-templates': m0021,
  '0022-cron': m0022,
  '0023-nginx': m0023,
  '0024-webhook-replay': m0024,
  '0025-sealed-notify-targets': m0025,
  '0026-console-nodes': m0026,
  '0027-cluster-messages': m0027,
  '0028-scheduled-passes': m0028,
  '0029-shared-console-key': m0029,
  '0030-ftps-certificate-check': m0030,
  '0031-job-group-index': m0031,
  '0032-goploy-import': m0032,
  '0033-binary-project-files': m0033,
  '0034-directory-sign-in': m0034,
  '0035-session-provider': m0035,
  '0036-directory-mappings': m0036,
  '0037-oidc-subject': m0037,
  '0038-api-key': m0038,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
};
