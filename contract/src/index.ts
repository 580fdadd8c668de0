export * from './csp.js';
export * from './envelope.js';
export * from './fields.js';
export * from './permissions.js';
export * from './route.js';
export * from './session-cookie.js';
export { buildOpenApi, type OpenApiDocument } from './openapi/build-openapi.js';
export { ROUTE_NOTES } from './openapi/route-notes.js';
export * from './ws.js';
export * from './hub-binary.js';
export * from './terminal-frames.js';
export * from './features/sftp/sftp-fields.js';
export * from './features/sftp/sftp-frames.js';
export * from './features/repository/repository-paths.js';
export type { RepositoryEntry } from './features/repository/repository.routes.js';
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
export * from './features/monitor/monitor-target.js';
export * from './features/monitor/monitor-form-constants.js';
export * from './features/metrics/metrics-constants.js';
export type { MonitorRow } from './features/monitor/monitor.routes.js';
export type { ApiKeyRow } from './features/user/api-key.routes.js';
export type { DirectoryMappingRow } from './features/auth/directory-mapping.routes.js';
export type { WarningRuleRow } from './features/metrics/warning-rule.routes.js';
export type { MetricsSourceRow } from './features/metrics/metrics-source.routes.js';
export * from './features/project/project-file-constants.js';
export * from './features/run-definition/run-definition-constants.js';
export type { ProcessItem } from './features/run-definition/server-process.routes.js';
export type { ProjectScript } from './features/project/project-fields.js';
export type { RunRow, RunServerRow } from './features/script/script.routes.js';
export * as authRoutes from './features/auth/auth.routes.js';
export * as directoryMappingRoutes from './features/auth/directory-mapping.routes.js';
export * as userRoutes from './features/user/user.routes.js';
export * as apiKeyRoutes from './features/user/api-key.routes.js';
export * as namespaceRoutes from './features/namespace/namespace.routes.js';
export * as roleRoutes from './features/role/role.routes.js';
export * as logRoutes from './features/log/log.routes.js';
export * as hubRoutes from './features/hub.routes.js';
export * as systemRoutes from './features/system/system.routes.js';
export * as serverRoutes from './features/server/server.routes.js';
export * as terminalRoutes from './features/terminal/terminal.routes.js';
export * as sftpRoutes from './features/sftp/sftp.routes.js';
export * as projectRoutes from './features/project/project.routes.js';
export * as repositoryRoutes from './features/repository/repository.routes.js';
export * as deployRoutes from './features/deploy/deploy.routes.js';
export * as reviewRoutes from './features/deploy/review.routes.js';
export * as taskRoutes from './features/deploy/task.routes.js';
export * as notificationRoutes from './features/notification/notification.routes.js';
export * as webhookRoutes from './features/webhook/webhook.routes.js';
export * as scriptRoutes from './features/script/script.routes.js';
export * as fileCompareRoutes from './features/repository/file-compare.routes.js';
export * as processExecRoutes from './features/script/process-exec.routes.js';
export * as projectFileRoutes from './features/project/project-file.routes.js';
export * as scriptTemplateRoutes from './features/run-definition/script-template.routes.js';
export * as serverProcessRoutes from './features/run-definition/server-process.routes.js';
export * as projectProcessRoutes from './features/run-definition/project-process.routes.js';
export * as monitorRoutes from './features/monitor/monitor.routes.js';
export * as metricsRoutes from './features/metrics/metrics.routes.js';
export { DATETIME_RANGE_RULE, METRIC_SOURCES } from './features/metrics/metrics.routes.js';
export type {
  MetricSeries,
  MetricSource,
  MetricSummaryRow,
} from './features/metrics/metrics.routes.js';
export * as agentRoutes from './features/metrics/agent.routes.js';
export * as warningRuleRoutes from './features/metrics/warning-rule.routes.js';
export * as metricsSourceRoutes from './features/metrics/metrics-source.routes.js';
export * from './features/cron/cron-constants.js';
export type { CronFence, CronLogRow, CronRow } from './features/cron/cron.routes.js';
export type { CrontabLine, CrontabSource } from './features/cron/crontab.routes.js';
export * as cronRoutes from './features/cron/cron.routes.js';
export * as crontabRoutes from './features/cron/crontab.routes.js';
export * from './features/nginx/nginx-constants.js';
export type {
  NginxCandidate,
  NginxConfigRow,
  NginxTestFailure,
  NginxVersionRow,
} from './features/nginx/nginx.routes.js';
export * as nginxRoutes from './features/nginx/nginx.routes.js';
export * as openapiRoutes from './features/openapi/openapi.routes.js';
