import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import { WsClose, type RouteDescriptor } from '@ferry/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { createAccessEvents, relayAccessEvents } from './core/access-events.js';
import type { Clock } from './core/clock.js';
import type { SecretBox } from './core/crypto.js';
import { registerAuthHook } from './core/http/auth-hook.js';
import { registerErrorHandler } from './core/http/error-handler.js';
import { registerOperationLog } from './core/http/operation-log-hook.js';
import { databaseRateStore } from './core/http/shared-rate-limit.js';
import { registerSecurityHeaders } from './core/http/security-headers.js';
import { registerSpa } from './core/http/spa.js';
import type { FeatureModule, SharedDeps } from './core/module.js';
import type { Hub } from './core/ws/hub.js';
import { createSocketRegistry, type SocketRegistry } from './core/ws/socket-registry.js';
import type { Db } from './db/database.js';
import { createGitClient } from './infra/git/git-client.js';
import { createKnownHosts } from './infra/git/known-hosts.js';
import { createWorkingCopies } from './infra/git/working-copies.js';
import { createSvnClient } from './infra/svn/svn-client.js';
import { createFtpSources } from './infra/source-tree/ftp-source.js';
import { createSftpSources } from './infra/source-tree/sftp-source.js';
import type { JobQueue } from './infra/jobs/job-queue.js';
import { createLocalBus, createPostgresBus } from './infra/cluster/cluster-bus.js';
import { readConsoleId } from './infra/cluster/console-id.js';
import { sealPlainNotifyTargets } from './infra/notify/seal-notify-targets.js';
import { consoleKeyFile, loadConsoleKey, type ConsoleKeyPair } from './infra/ssh/console-key.js';
import { createKeyFiles } from './infra/ssh/key-files.js';
import { createApiKeyModule } from './features/api-key/api-key.module.js';
import { createAuthModule } from './features/auth/auth.module.js';
import type { CaptchaRenderer } from './features/auth/auth.api.js';
import { createCronModule, type CronEngineOptions } from './features/cron/cron.module.js';
import { createDeployModule } from './features/deploy/deploy.module.js';
import { createHubModule } from './features/hub/hub.module.js';
import { createLogModule } from './features/log/log.module.js';
import type {
  MonitorCheckRunner,
  MonitorEngineOptions,
  MonitorScriptRunner,
} from './features/monitor/monitor.api.js';
import {
  createMetricsModule,
  type PullEngineOptions,
  type RuleEngineOptions,
} from './features/metrics/metrics.module.js';
import { createMonitorModule } from './features/monitor/monitor.module.js';
import { createNamespaceModule } from './features/namespace/namespace.module.js';
import { createNginxModule } from './features/nginx/nginx.module.js';
import { createOpenApiModule } from './features/openapi/openapi.module.js';
import { createNotificationModule } from './features/notification/notification.module.js';
import { createProjectModule } from './features/project/project.module.js';
import { createProjectFileModule } from './features/project-file/project-file.module.js';
import { createRepositoryModule } from './features/repository/repository.module.js';
import { createRoleModule } from './features/role/role.module.js';
import { createRunDefinitionModule } from './features/run-definition/run-definition.module.js';
import { createScheduleModule } from './features/schedule/schedule.module.js';
import type { ServerAccess } from './features/server/server.api.js';
import { createServerModule } from './features/server/server.module.js';
import { createSystemModule, type SystemApi } from './features/system/system.module.js';
import { createRemoteRunModule } from './features/remote-run/remote-run.module.js';
import type { RemoteRunApi } from './features/remote-run/remote-run.api.js';
import { createSftpModule } from './features/sftp/sftp.module.js';
import { createTerminalModule } from './features/terminal/terminal.module.js';
import { createUserModule } from './features/user/user.module.js';
import { createWebhookModule } from './features/webhook/webhook.module.js';

export interface AppDeps {
  config: Config;
  db: Db;
  box: SecretBox;
  clock: Clock;
  /** The built web app; undefined when only the API is served (tests). */
  webRoot?: string | undefined;
  logger?: boolean | object;
  /** Tests inject a renderer that records where the captcha's characters are. */
  captchaRender?: CaptchaRenderer;
  /** The console's SSH key pair; absent: read (made on first use) from `<dataDir>/ssh`. */
  consoleKey?: ConsoleKeyPair;
  /** Limit for SSH connect, handshake and login of each hop (tests shorten it). Default 10 s. */
  sshConnectTimeoutMs?: number;
  /**
   * One more certificate authority FTPS sources trust, beside the system's (tests: their own CA;
   * a console trusts more with `NODE_EXTRA_CA_CERTS`).
   */
  ftpTrustedCa?: string;
  /** Waits between a notification's tries (tests shorten them). Default 1, 2, 3, 4 minutes. */
  notifyRetryDelaysMs?: number[];
  /** The monitor check kinds (default: the real ones; tests may use their own). */
  monitorChecks?: MonitorCheckRunner;
  /** Runs monitors' success and fail scripts on a server. */
  monitorScripts?: MonitorScriptRunner;
  /** The collector script the metrics agent runs (tests may ship their own). */
  metricsCollector?: () => string;
  /** The monitor scheduler's pace and cap (tests slow it down). */
  monitorEngine?: MonitorEngineOptions;
  /** The warning rule scheduler's pace (tests slow it down). */
  ruleEngine?: RuleEngineOptions;
  /** The metrics pull scheduler's pace, cap and time limit (tests slow it down). */
  metricsPull?: PullEngineOptions;
  /** The scheduled read of cron run records (tests make it manual). */
  cronEngine?: CronEngineOptions;
  /**
   * This console's id among those sharing the database (default: kept in `<dataDir>/console-id`).
   * Two apps given one id are one console before and after a restart.
   */
  consoleId?: string;
  /** The deploy queue's lease and its renewal pace (tests shorten them). */
  jobLeases?: { leaseMs: number; tickMs: number };
}

export interface RegisteredRoute {
  method: string;
  url: string;
  descriptor: RouteDescriptor | undefined;
}

export interface App {
  fastify: FastifyInstance;
  hub: Hub;
  /** Every route registered, with its descriptor: the guard test walks them. */
  routes: RegisteredRoute[];
  /** The scope of the WebSocket routes (tests use its `injectWS`). */
  sockets: FastifyInstance;
  /** How features reach stored servers (terminal, SFTP, deploy). */
  serverAccess: ServerAccess;
  /** Removes expired sessions and spent lockout counters (also at start and hourly). */
  tidy(): Promise<void>;
  /** The deploy queue (tests wait for it to be idle). */
  deployQueue: JobQueue;
  /** Every open socket (tests count them). */
  openSockets: SocketRegistry;
  /** The one remote-run engine (tests run one-off commands through it). */
  remoteRuns: RemoteRunApi;
  /** Queues the scheduled deploys due now (tests; a ticker does it every few seconds). */
  runDueTasks: () => Promise<void>;
  /** Checks the monitors due now and waits for them (tests; a ticker does it twice a second). */
  runDueMonitors: () => Promise<void>;
  /** Prunes monitor results past their retention (tests; also at start and hourly). */
  pruneMonitors: () => Promise<number>;
  /** Evaluates the warning rules whose window is due now and waits for them (tests; a ticker). */
  evaluateRules: () => Promise<void>;
  /** Collects the servers' metrics due now and waits for them (tests; a ticker does it every second). */
  collectDue: () => Promise<void>;
  /** Reads the cron run records of the servers due now and waits for them (tests; a ticker). */
  readDueCronRuns: () => Promise<void>;
  /** This console among those on the database: its heartbeat, draining (SIGTERM). */
  system: SystemApi;
}

/**
 * Builds the console: core plugins, the auth hook, then the feature modules in dependency order
 * (each gets the shared parts and the published interfaces of the features it needs).
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const fastify = Fastify({
    logger: deps.logger ?? false,
    // SECURITY: X-Forwarded-For is believed only from configured proxies; otherwise anyone could
    // pick the address the login rate limit counts and the login log records.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const routes: RegisteredRoute[] = [];
  fastify.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) {
      routes.push({ method, url: r.url, descriptor: r.config?.descriptor });
    }
  });
  await fastify.register(fastifyCookie);
  registerSecurityHeaders(fastify);
  // Counted in the database, so that several consoles share the limits (decision 0044).
  await fastify.register(fastifyRateLimit, {
    global: false,
    store: databaseRateStore(deps.db, deps.clock),
  });
  registerErrorHandler(fastify);

  const consoleId = deps.consoleId ?? readConsoleId(config.dataDir);
  // Several consoles on one PostgreSQL database tell each other of frames and access changes.
  const bus = config.dbUrl
    ? createPostgresBus({
        url: config.dbUrl,
        db: deps.db,
        clock: deps.clock,
        consoleId,
        log: fastify.log,
      })
    : createLocalBus();
  const shared: SharedDeps = {
    ...deps,
    events: relayAccessEvents(createAccessEvents(), bus),
    log: fastify.log,
    consoleId,
  };
  // Addresses stored plain (an older or imported database) are sealed before anything reads them.
  const sealed = await sealPlainNotifyTargets(deps.db, deps.box);
  if (sealed > 0) fastify.log.info({ sealed }, 'notification addresses sealed');
  let consoleKey = deps.consoleKey;
  const readConsoleKey = () => (consoleKey ??= loadConsoleKey(config.dataDir));
  const knownHosts = createKnownHosts({ file: path.join(config.dataDir, 'ssh', 'known_hosts') });
  const git = createGitClient({
    dataDir: config.dataDir,
    knownHosts,
    consoleKeyFile: () => consoleKeyFile(config.dataDir, readConsoleKey()),
  });
  const svn = createSvnClient({ dataDir: config.dataDir });
  const sftpSources = createSftpSources({
    knownHosts,
    consoleKey: readConsoleKey,
    connectTimeoutMs: deps.sshConnectTimeoutMs,
  });
  const ftpSources = createFtpSources({
    ...(deps.sshConnectTimeoutMs ? { timeoutMs: deps.sshConnectTimeoutMs } : {}),
    ...(deps.ftpTrustedCa ? { trustedCa: deps.ftpTrustedCa } : {}),
  });
  const sources = { sftpSources, ftpSources };
  const copies = createWorkingCopies({ dataDir: config.dataDir });

  const roles = createRoleModule(shared);
  const namespaces = createNamespaceModule(shared, { roles: roles.api });
  const users = createUserModule(shared, { namespaces: namespaces.api });
  const auth = createAuthModule(shared, {
    users: users.api,
    namespaces: namespaces.api,
    roles: roles.api,
    captchaRender: deps.captchaRender,
  });
  // After the identity caches (the auth module listens first), open sockets follow every change.
  const sockets = createSocketRegistry(auth.api.identity);
  shared.events.on((change) => sockets.onAccessChange(change));
  const log = createLogModule(shared);
  const hub = createHubModule({ sockets, bus });
  const keyFiles = createKeyFiles({
    dir: config.keyDir,
    consoleKeyDir: path.join(config.dataDir, 'ssh'),
    consoleKey: readConsoleKey,
  });
  const servers = createServerModule(shared, {
    consoleKey: readConsoleKey,
    keyFiles,
    sshConnectTimeoutMs: deps.sshConnectTimeoutMs,
  });
  const projects = createProjectModule(shared, {
    git,
    svn,
    ...sources,
    knownHosts,
    keyFiles,
    copies,
    servers: servers.api,
    namespaces: namespaces.api,
  });
  const repository = createRepositoryModule({
    projects: projects.api,
    git,
    svn,
    copies,
    servers: servers.api,
  });
  const notifications = createNotificationModule(shared, {
    projects: projects.api,
    retryDelaysMs: deps.notifyRetryDelaysMs,
  });
  const projectFiles = createProjectFileModule(shared, { projects: projects.api });
  const deploy = createDeployModule(shared, {
    hub: hub.api,
    git,
    svn,
    ...sources,
    copies,
    projects: projects.api,
    servers: servers.api,
    notifications: notifications.api,
    projectFiles: projectFiles.api,
    leases: deps.jobLeases,
  });
  const webhooks = createWebhookModule(shared, {
    projects: projects.api,
    deploy: deploy.api,
    git,
    copies,
  });
  const schedule = createScheduleModule(shared, {
    projects: projects.api,
    deploy: deploy.api,
    auth: auth.api,
  });
  const runDefinitions = createRunDefinitionModule(shared, { projects: projects.api });
  const terminal = createTerminalModule(shared, { servers: servers.api, sockets });
  const sftp = createSftpModule(shared, { servers: servers.api, sockets, hub: hub.api });
  const remoteRuns = createRemoteRunModule(shared, {
    servers: servers.api,
    hub: hub.api,
    definitions: runDefinitions.api,
    projects: projects.api,
    deploy: deploy.api,
  });
  const monitors = createMonitorModule(shared, {
    servers: servers.api,
    notifications: notifications.api,
    hub: hub.api,
    remoteRuns: remoteRuns.api,
    checks: deps.monitorChecks,
    scripts: deps.monitorScripts,
    engine: deps.monitorEngine,
  });
  const metrics = createMetricsModule(shared, {
    hub: hub.api,
    servers: servers.api,
    remoteRuns: remoteRuns.api,
    agentCollector: deps.metricsCollector,
    notifications: notifications.api,
    rules: deps.ruleEngine,
    pull: deps.metricsPull,
  });
  const cron = createCronModule(shared, {
    servers: servers.api,
    remoteRuns: remoteRuns.api,
    notifications: notifications.api,
    engine: deps.cronEngine,
  });
  const nginx = createNginxModule(shared, { servers: servers.api, remoteRuns: remoteRuns.api });
  const system = createSystemModule(shared, { bus });
  const modules: FeatureModule<unknown>[] = [
    auth,
    users,
    namespaces,
    roles,
    log,
    servers,
    projects,
    projectFiles,
    repository,
    notifications,
    deploy,
    webhooks,
    schedule,
    runDefinitions,
    terminal,
    sftp,
    remoteRuns,
    monitors,
    metrics,
    cron,
    nginx,
    createApiKeyModule(shared, {
      keys: auth.api.apiKeys,
      identity: auth.api.identity,
      roles: roles.api,
      projects: projects.api,
    }),
    createOpenApiModule(),
    system,
    hub,
  ];

  registerAuthHook(fastify, auth.api.identity, Math.round(config.sessionIdleMs / 1000));
  registerOperationLog(fastify, log.api.recordOperation, () => deps.clock.now());
  for (const m of modules) if (m.plugin) await fastify.register(m.plugin);
  // WebSocket routes live in one scope, so the upgrade machinery's hooks run only on them.
  let socketScope: FastifyInstance = fastify;
  await fastify.register(async (scope) => {
    await scope.register(fastifyWebsocket, {
      options: { maxPayload: 1024 * 1024 },
      // At shutdown every socket closes with 1012, which the web app reconnects on at once (to
      // another console behind the same address); the plugin's own would close without a code.
      preClose(this: FastifyInstance, done: () => void) {
        for (const client of this.websocketServer.clients) {
          client.close(WsClose.restarting, 'the console is shutting down');
        }
        this.websocketServer.close();
        done();
      },
    });
    for (const m of modules) if (m.socketPlugin) await scope.register(m.socketPlugin);
    // Shutdown ends every socket and waits until, say, a terminal's log row is complete.
    // 1012: the web app reconnects at once, to another console behind the same address.
    scope.addHook('onClose', () =>
      sockets.endAll(WsClose.restarting, 'the console is shutting down'),
    );
    socketScope = scope;
  });
  await registerSpa(fastify, deps.webRoot);

  return {
    fastify,
    hub: hub.api,
    routes,
    sockets: socketScope,
    serverAccess: servers.api.access,
    tidy: auth.api.tidy,
    deployQueue: deploy.api.queue,
    openSockets: sockets,
    runDueTasks: schedule.api.runDue,
    runDueMonitors: monitors.api.runDue,
    pruneMonitors: monitors.api.prune,
    evaluateRules: metrics.api.evaluateRules,
    collectDue: metrics.api.collectDue,
    readDueCronRuns: cron.api.readDue,
    remoteRuns: remoteRuns.api,
    system: system.api,
  };
}
