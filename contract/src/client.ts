/**
 * The browser's entry to the contract: everything of `index.ts` that runs without zod, and the
 * routes as `{method, path, access}` entries that still carry their input and output types.
 * The web app imports this (a lint rule keeps it so); the server imports `index.ts`.
 */
import type { z } from 'zod';
import type * as auth from './features/auth/auth.routes.js';
import type * as deploy from './features/deploy/deploy.routes.js';
import type * as review from './features/deploy/review.routes.js';
import type * as task from './features/deploy/task.routes.js';
import type * as hub from './features/hub.routes.js';
import type * as log from './features/log/log.routes.js';
import type * as namespace from './features/namespace/namespace.routes.js';
import type * as notification from './features/notification/notification.routes.js';
import type * as project from './features/project/project.routes.js';
import type * as projectFile from './features/project/project-file.routes.js';
import type * as repository from './features/repository/repository.routes.js';
import type * as role from './features/role/role.routes.js';
import type * as script from './features/script/script.routes.js';
import type * as fileCompare from './features/repository/file-compare.routes.js';
import type * as processExec from './features/script/process-exec.routes.js';
import type * as projectProcess from './features/run-definition/project-process.routes.js';
import type * as scriptTemplate from './features/run-definition/script-template.routes.js';
import type * as serverProcess from './features/run-definition/server-process.routes.js';
import type * as monitor from './features/monitor/monitor.routes.js';
import type * as server from './features/server/server.routes.js';
import type * as sftp from './features/sftp/sftp.routes.js';
import type * as terminal from './features/terminal/terminal.routes.js';
import type * as user from './features/user/user.routes.js';
import type * as webhook from './features/webhook/webhook.routes.js';
import { routeTable } from './client/route-table.js';
import type { Access, HttpMethod, RouteDescriptor } from './route.js';

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
export * from './features/webhook/webhook-constants.js';
export * from './features/script/script-constants.js';
export * from './features/monitor/monitor-constants.js';
export type {
  MonitorCheckResult,
  MonitorItemResult,
  MonitorTarget,
} from './features/monitor/monitor-target.js';
export * from './features/monitor/monitor-form-constants.js';
export type { MonitorRow } from './features/monitor/monitor.routes.js';
export * from './features/project/project-file-constants.js';
export type { RunRow, RunServerRow } from './features/script/script.routes.js';
export * from './features/run-definition/run-definition-constants.js';
export type { ProcessItem } from './features/run-definition/server-process.routes.js';
export * from './features/sftp/sftp-constants.js';
export * from './features/sftp/sftp-frames.js';
export type { SftpEntry } from './features/sftp/sftp-fields.js';
export * from './features/repository/repository-paths.js';
export type { RepositoryEntry } from './features/repository/repository.routes.js';
export type { Access, HttpMethod, RouteDescriptor } from './route.js';

declare const routeTypes: unique symbol;

/** A route as the browser holds it; its descriptor type rides along for the request types. */
export interface ClientRoute<R extends RouteDescriptor = RouteDescriptor> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: Access;
  readonly [routeTypes]?: R;
}

type DescriptorOf<C> = C extends ClientRoute<infer R> ? R : never;

export type RouteInput<C extends ClientRoute> = z.input<DescriptorOf<C>['input']>;
export type RouteOutput<C extends ClientRoute> = z.input<DescriptorOf<C>['output']>;

type ClientRoutes<M> = {
  readonly [K in keyof M as M[K] extends RouteDescriptor ? K : never]: M[K] extends RouteDescriptor
    ? ClientRoute<M[K]>
    : never;
};

export const authRoutes = routeTable.authRoutes as ClientRoutes<typeof auth>;
export const hubRoutes = routeTable.hubRoutes as ClientRoutes<typeof hub>;
export const logRoutes = routeTable.logRoutes as ClientRoutes<typeof log>;
export const namespaceRoutes = routeTable.namespaceRoutes as ClientRoutes<typeof namespace>;
export const notificationRoutes = routeTable.notificationRoutes as ClientRoutes<
  typeof notification
>;
export const projectRoutes = routeTable.projectRoutes as ClientRoutes<typeof project>;
export const projectFileRoutes = routeTable.projectFileRoutes as ClientRoutes<typeof projectFile>;
export const repositoryRoutes = routeTable.repositoryRoutes as ClientRoutes<typeof repository>;
export const deployRoutes = routeTable.deployRoutes as ClientRoutes<typeof deploy>;
export const reviewRoutes = routeTable.reviewRoutes as ClientRoutes<typeof review>;
export const taskRoutes = routeTable.taskRoutes as ClientRoutes<typeof task>;
export const roleRoutes = routeTable.roleRoutes as ClientRoutes<typeof role>;
export const serverRoutes = routeTable.serverRoutes as ClientRoutes<typeof server>;
export const scriptRoutes = routeTable.scriptRoutes as ClientRoutes<typeof script>;
export const fileCompareRoutes = routeTable.fileCompareRoutes as ClientRoutes<typeof fileCompare>;
export const processExecRoutes = routeTable.processExecRoutes as ClientRoutes<typeof processExec>;
export const terminalRoutes = routeTable.terminalRoutes as ClientRoutes<typeof terminal>;
export const sftpRoutes = routeTable.sftpRoutes as ClientRoutes<typeof sftp>;
export const userRoutes = routeTable.userRoutes as ClientRoutes<typeof user>;
export const webhookRoutes = routeTable.webhookRoutes as ClientRoutes<typeof webhook>;
export const scriptTemplateRoutes = routeTable.scriptTemplateRoutes as ClientRoutes<
  typeof scriptTemplate
>;
export const serverProcessRoutes = routeTable.serverProcessRoutes as ClientRoutes<
  typeof serverProcess
>;
export const projectProcessRoutes = routeTable.projectProcessRoutes as ClientRoutes<
  typeof projectProcess
>;
export const monitorRoutes = routeTable.monitorRoutes as ClientRoutes<typeof monitor>;
