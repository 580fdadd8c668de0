import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import { WsClose, type RouteDescriptor } from '@ferry/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Clock } from './core/clock.js';
import type { SecretBox } from './core/crypto.js';
import { registerAuthHook } from './core/http/auth-hook.js';
import { registerErrorHandler } from './core/http/error-handler.js';
import { registerOperationLog } from './core/http/operation-log-hook.js';
import { registerSecurityHeaders } from './core/http/security-headers.js';
import { registerSpa } from './core/http/spa.js';
import { createHub, type Hub } from './core/ws/hub.js';
import type { Db } from './db/database.js';
import { consoleKeyFile, loadConsoleKey, type ConsoleKeyPair } from './infra/ssh/console-key.js';
import type { JobQueue } from './infra/jobs/job-queue.js';
import { createSshPool } from './infra/ssh/ssh-pool.js';
import { authPlugin } from './features/auth/auth.plugin.js';
import { createAuthService } from './features/auth/auth.service.js';
import { createCaptchaStore, type CaptchaRenderer } from './features/auth/captcha/captcha-store.js';
import { createIdentityService } from './features/auth/identity.service.js';
import { createLoginGuard } from './features/auth/login-guard.js';
import { createLoginGuardRepository } from './features/auth/login-guard.repository.js';
import { createLoginLogger } from './features/auth/login-logger.js';
import { createSessionRepository } from './features/auth/session.repository.js';
import { hubPlugin } from './features/hub/hub.plugin.js';
import { createLogRepository } from './features/log/log.repository.js';
import { logPlugin } from './features/log/log.plugin.js';
import { namespacePlugin } from './features/namespace/namespace.plugin.js';
import { createNamespaceRepository } from './features/namespace/namespace.repository.js';
import { createNamespaceService } from './features/namespace/namespace.service.js';
import { rolePlugin } from './features/role/role.plugin.js';
import { createRoleRepository } from './features/role/role.repository.js';
import { createRoleService } from './features/role/role.service.js';
import type { ServerAccess } from './features/server/server-access.js';
import { createServerAccess } from './features/server/server-access.service.js';
import { createServerConnections } from './features/server/server-connection.service.js';
import { createServerScope } from './features/server/server-scope.js';
import { serverPlugin } from './features/server/server.plugin.js';
import { createServerRepository } from './features/server/server.repository.js';
import { createServerService } from './features/server/server.service.js';
import { createTerminalLogRepository } from './features/terminal/terminal-log.repository.js';
import { terminalLogPlugin } from './features/terminal/terminal-log.plugin.js';
import { createTerminalLogService } from './features/terminal/terminal-log.service.js';
import { createTerminalRegistry } from './features/terminal/terminal-registry.js';
import { terminalPlugin } from './features/terminal/terminal.plugin.js';
import { createTerminalService } from './features/terminal/terminal.service.js';
import { userPlugin } from './features/user/user.plugin.js';
import { createUserRepository } from './features/user/user.repository.js';
import { createUserService } from './features/user/user.service.js';
import { registerDeploys } from './wire-deploys.js';
import { registerProjects } from './wire-projects.js';

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
}

/** Builds the console: core plugins first, then one plugin per feature. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, db, box, clock } = deps;
  const fastify = Fastify({
    logger: deps.logger ?? false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const hub = createHub();
  // Open web terminals: a logout, a revoked user or a disabled server ends theirs.
  const terminalRegistry = createTerminalRegistry();
  const routes: RegisteredRoute[] = [];
  fastify.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) {
      routes.push({ method, url: r.url, descriptor: r.config?.descriptor });
    }
  });

  await fastify.register(fastifyCookie);
  registerSecurityHeaders(fastify);
  await fastify.register(fastifyRateLimit, { global: false });
  registerErrorHandler(fastify);

  const userRepo = createUserRepository(db);
  const namespaceRepo = createNamespaceRepository(db);
  const roleRepo = createRoleRepository(db);
  const sessions = createSessionRepository(db);
  const guardRepo = createLoginGuardRepository(db);
  const logs = createLogRepository(db);

  // The identity service caches what the auth hook reads; services tell it what they change.
  const changed = { user: (_id: number) => {}, role: (_id: number) => {}, memberships: () => {} };
  const namespaces = createNamespaceService({
    namespaces: namespaceRepo,
    users: userRepo,
    roles: roleRepo,
    clock,
    onMembershipsChanged: () => changed.memberships(),
  });
  const roles = createRoleService({
    roles: roleRepo,
    namespaces: namespaceRepo,
    clock,
    onPermissionsChanged: (id) => changed.role(id),
  });
  const identity = createIdentityService({
    users: userRepo,
    sessions,
    namespaces,
    roles,
    sessionIdleMs: config.sessionIdleMs,
    clock,
  });
  changed.user = (id) => identity.forgetUser(id);
  changed.role = (id) => identity.forgetRole(id);
  changed.memberships = () => identity.forgetMemberships();
  const users = createUserService({
    users: userRepo,
    namespaces,
    box,
    clock,
    onUserChanged: (userId) => identity.forgetUser(userId),
    revokeUser: async (userId) => {
      await sessions.deleteByUser(userId);
      identity.forgetUser(userId);
      hub.disconnectUser(userId, WsClose.sessionExpired);
      terminalRegistry.endForUser(userId, WsClose.sessionExpired, 'the session ended');
    },
  });
  const captcha = createCaptchaStore({
    now: () => clock.now(),
    ...(deps.captchaRender ? { render: deps.captchaRender } : {}),
  });
  const auth = createAuthService({
    users: userRepo,
    namespaces,
    sessions,
    guard: createLoginGuard({ repo: guardRepo, policy: config.login, clock }),
    captcha,
    config,
    clock,
  });

  const cookieMaxAgeSeconds = Math.round(config.sessionIdleMs / 1000);
  registerAuthHook(fastify, identity, cookieMaxAgeSeconds);
  registerOperationLog(
    fastify,
    (e) => logs.insertOperation(e),
    () => clock.now(),
  );

  await fastify.register(
    authPlugin({
      auth,
      identity,
      captcha,
      loginLog: createLoginLogger(guardRepo, clock),
      cookieMaxAgeSeconds,
      ratePerMinute: config.login.ratePerMinute,
      endSessionSockets: (tokenHash) => {
        hub.disconnectSession(tokenHash, WsClose.notLoggedIn);
        terminalRegistry.endForSession(tokenHash, WsClose.notLoggedIn, 'logged out');
      },
    }),
  );
  await fastify.register(userPlugin(users));
  await fastify.register(namespacePlugin(namespaces));
  await fastify.register(rolePlugin(roles));
  await fastify.register(logPlugin(logs));

  let consoleKey = deps.consoleKey;
  const readConsoleKey = () => (consoleKey ??= loadConsoleKey(config.dataDir));
  const serverRepo = createServerRepository(db);
  const sshPool = createSshPool();
  const serverAccess = createServerAccess({
    servers: serverRepo,
    box,
    pool: sshPool,
    consoleKey: readConsoleKey,
    ...(deps.sshConnectTimeoutMs ? { connectTimeoutMs: deps.sshConnectTimeoutMs } : {}),
  });
  const serverScope = createServerScope(serverRepo);
  const serverDeps = { servers: serverRepo, access: serverAccess, scope: serverScope, box, clock };
  const serverConnections = createServerConnections({ ...serverDeps, consoleKey: readConsoleKey });
  const serverService = createServerService({
    ...serverDeps,
    connections: serverConnections,
    consoleKey: readConsoleKey,
  });
  await fastify.register(serverPlugin(serverService, serverConnections));
  const projectParts = await registerProjects(fastify, {
    db,
    box,
    clock,
    dataDir: config.dataDir,
    consoleKeyFile: () => consoleKeyFile(config.dataDir, readConsoleKey()),
    servers: serverRepo,
    serverScope,
    namespaces: namespaceRepo,
  });
  const { queue: deployQueue } = await registerDeploys(fastify, {
    ...projectParts,
    db,
    box,
    clock,
    hub,
    dataDir: config.dataDir,
    policy: config.deploy,
    access: serverAccess,
    servers: serverRepo,
  });
  const terminalLogRepo = createTerminalLogRepository(db);
  const terminals = createTerminalService({
    access: serverAccess,
    logs: terminalLogRepo,
    registry: terminalRegistry,
    clock,
    dataDir: config.dataDir,
    policy: config.terminal,
  });
  await fastify.register(
    terminalLogPlugin(createTerminalLogService({ logs: terminalLogRepo, dataDir: config.dataDir })),
  );
  // WebSocket routes live in one scope, so the upgrade machinery's hooks run only on them.
  let sockets: FastifyInstance = fastify;
  await fastify.register(async (scope) => {
    await scope.register(fastifyWebsocket, { options: { maxPayload: 1024 * 1024 } });
    await scope.register(hubPlugin(hub));
    await scope.register(terminalPlugin(terminals));
    sockets = scope;
  });
  await registerSpa(fastify, deps.webRoot);

  // Expired sessions and spent lockout counters are removed at start and every hour.
  const tidy = async () => {
    const now = clock.now();
    await Promise.all([
      sessions.deleteExpired(now),
      guardRepo.deleteStale(now - config.login.failureWindowMs, now),
    ]).catch((err: unknown) => fastify.log.error({ err }, 'clean-up failed'));
  };
  fastify.addHook('onReady', tidy);
  const tidyTimer = setInterval(() => void tidy(), 3_600_000);
  tidyTimer.unref();
  fastify.addHook('onClose', () => {
    clearInterval(tidyTimer);
    hub.close();
    sshPool.close();
  });
  return { fastify, hub, routes, sockets, serverAccess, tidy, deployQueue };
}
