/**
 * The browser's entry to the contract: everything of `index.ts` that runs without zod, and the
 * routes as `{method, path, access}` entries that still carry their input and output types.
 * The web app imports this (a lint rule keeps it so); the server imports `index.ts`.
 */

export * from './csp.js';
export * from './envelope.js';
export * from './password-rule.js';
export * from './permissions.js';
export * from './ws.js';
export * from './hub-binary.js';
export * from './terminal-frames.js';
export {
  SERVER_AUTH_TYPES,
  SERVER_IMPORT_COLUMNS,
  isHost,
} from './features/server/server-constants.js';
export type { ServerAuthType } from './features/server/server-constants.js';
export * from './features/project/project-shared.js';
export * from './features/deploy/deploy-constants.js';
export * from './features/notification/template.js';
export * from './features/notification/notification-data.js';
export * from './features/notification/default-templates.js';
export * from './features/notification/notify-target.js';
export * from './features/webhook/webhook-constants.js';
export * from './features/user/api-key-constants.js';
export * from './features/script/script-constants.js';
export * from './features/monitor/monitor-constants.js';
export type {
  MonitorCheckResult,
  MonitorItemResult,
  MonitorTarget,
} from './features/monitor/monitor-target.js';
export * from './features/monitor/monitor-form-constants.js';
export * from './features/metrics/metrics-constants.js';
export * from './features/cron/cron-constants.js';
export type { MonitorRow } from './features/monitor/monitor.routes.js';
export type { ApiKeyRow } from './features/user/api-key.routes.js';
export type { WarningRuleRow } from './features/metrics/warning-rule.routes.js';
export * from './features/project/project-file-constants.js';
export type { RunRow, RunServerRow } from './features/script/script.routes.js';
export * from './features/run-definition/run-definition-constants.js';
export type { ProcessItem } from './features/run-definition/server-process.routes.js';
export * from './features/sftp/sftp-constants.js';
export * from './features/sftp/sftp-frames.js';
export type { SftpEntry } from './features/sftp/sftp-fields.js';
export * from './features/repository/repository-paths.js';
export type { RepositoryEntry } from './features/repository/repository.routes.js';
export * from './features/nginx/nginx-constants.js';
export type {
  NginxCandidate,
  NginxConfigRow,
  NginxTestFailure,
  NginxVersionRow,
} from './features/nginx/nginx.routes.js';
export type { Access, HttpMethod, RouteDescriptor } from './route.js';

export type { ClientRoute, RouteInput, RouteOutput } from './client/client-route.js';
export * from './client/routes/index.js';
