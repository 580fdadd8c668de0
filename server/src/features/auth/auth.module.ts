import type { FeatureModule, SharedDeps } from '../../core/module.js';
import { pruneRateCounts } from '../../core/http/shared-rate-limit.js';
import { createShortLived } from '../../db/short-lived.js';
import { createLdapDirectory } from '../../infra/ldap/ldap-directory.js';
import type { NamespaceDirectory } from '../namespace/namespace.api.js';
import type { RoleCatalog } from '../role/role.api.js';
import type { UserAccounts } from '../user/user.api.js';
import type { AuthApi } from './auth.api.js';
import { authPlugin } from './auth.plugin.js';
import { createAuthService } from './auth.service.js';
import { createCaptchaStore, type CaptchaRenderer } from './captcha/captcha-store.js';
import { createDirectoryRecheck } from './directory-recheck.js';
import { directoryMappingPlugin } from './directory-mapping.plugin.js';
import { createDirectoryMappingRepository } from './directory-mapping.repository.js';
import { createDirectorySignIn } from './directory-sign-in.js';
import { createIdentityService } from './identity.service.js';
import { createLoginGuard } from './login-guard.js';
import { createLoginGuardRepository } from './login-guard.repository.js';
import { createLoginLogger } from './login-logger.js';
import { createMediaSignIn } from './media-sign-in.js';
import { createOidcSignIn } from './oidc-sign-in.js';
import { createOidcClient } from '../../infra/oidc/oidc-client.js';
import { createDingtalkProvider } from '../../infra/media/dingtalk-provider.js';
import { createFeishuProvider } from '../../infra/media/feishu-provider.js';
import { createSessionRepository } from './session.repository.js';
import { createApiKeyRepository } from './api-key.repository.js';

const HOUR_MS = 3_600_000;

/**
 * Sign-in, sessions and the identity behind the auth hook. Its caches follow every access
 * change; a revoked user loses every session here.
 */
export function createAuthModule(
  shared: SharedDeps,
  deps: {
    users: UserAccounts;
    namespaces: NamespaceDirectory;
    roles: RoleCatalog;
    /** Tests inject a renderer that records where the captcha's characters are. */
    captchaRender?: CaptchaRenderer | undefined;
  },
): FeatureModule<AuthApi> {
  const { config, clock, events } = shared;
  const sessions = createSessionRepository(shared.db);
  const apiKeys = createApiKeyRepository(shared.db);
  const guardRepo = createLoginGuardRepository(shared.db);
  events.on(async (change) => {
    switch (change.kind) {
      case 'user':
        identity.forgetUser(change.userId);
        if (change.revoked) {
          await sessions.deleteByUser(change.userId);
          // A member disabled or removed keeps no working key, also when enabled again.
          await apiKeys.revokeAllOf(change.userId, clock.now());
          identity.forgetApiKeys();
        }
        return;
      case 'session':
        return identity.forgetSession(change.tokenHash);
      case 'apiKey':
        return identity.forgetApiKeys();
      case 'role':
        return identity.forgetRole(change.roleId);
      case 'membership':
        return identity.forgetMemberships();
      case 'server':
        return;
    }
  });
  const captchas = createShortLived(shared.db, 'captcha');
  const usedLinks = createShortLived(shared.db, 'ext-login');
  const usedCodes = createShortLived(shared.db, 'media-code');
  const usedStates = createShortLived(shared.db, 'oidc-state');
  const media = createMediaSignIn({
    providers: [
      ...(config.media.dingtalk ? [createDingtalkProvider(config.media.dingtalk)] : []),
      ...(config.media.feishu ? [createFeishuProvider(config.media.feishu)] : []),
    ],
    users: deps.users,
    usedCodes,
    publicUrl: config.publicUrl,
    clock,
  });
  const captcha = createCaptchaStore({
    entries: captchas,
    now: () => clock.now(),
    ...(deps.captchaRender ? { render: deps.captchaRender } : {}),
  });
  const mappings = createDirectoryMappingRepository(shared.db);
  const directorySignIn = createDirectorySignIn({
    environment: config.directoryRoles,
    mappings,
    users: deps.users,
    namespaces: deps.namespaces,
    roles: deps.roles,
    events,
    clock,
  });
  const oidcClient = config.oidc ? createOidcClient(config.oidc) : undefined;
  const oidc =
    config.oidc && oidcClient
      ? {
          label: config.oidc.label,
          signIn: createOidcSignIn({
            client: oidcClient,
            box: shared.box,
            signIn: directorySignIn,
            users: deps.users,
            usedStates,
            accountClaim: config.oidc.accountClaim,
            groupsClaim: config.oidc.groupsClaim,
            clock,
          }),
        }
      : undefined;
  const directory = config.ldap
    ? { client: createLdapDirectory(config.ldap), signIn: directorySignIn }
    : undefined;
  const recheck =
    config.ldap && directory
      ? createDirectoryRecheck({
          directory: directory.client,
          signIn: directorySignIn,
          namespaces: deps.namespaces,
          events,
          loginLog: guardRepo,
          clock,
          everyMs: config.ldap.recheckMs,
          warn: (message) => shared.log.warn(message),
        })
      : undefined;
  const identity = createIdentityService({
    users: deps.users,
    sessions,
    namespaces: deps.namespaces,
    roles: deps.roles,
    apiKeys,
    sessionIdleMs: config.sessionIdleMs,
    clock,
    recheck,
  });
  const auth = createAuthService({
    directory,
    users: deps.users,
    namespaces: deps.namespaces,
    sessions,
    guard: createLoginGuard({ repo: guardRepo, policy: config.login, clock }),
    captcha,
    usedLinks,
    config,
    clock,
  });
  const cookieMaxAgeSeconds = Math.round(config.sessionIdleMs / 1000);

  const tidy = async () => {
    const now = clock.now();
    await Promise.all([
      sessions.deleteExpired(now),
      guardRepo.deleteStale(now - config.login.failureWindowMs, now),
      captchas.prune(now),
      usedLinks.prune(now),
      usedCodes.prune(now),
      usedStates.prune(now),
      pruneRateCounts(shared.db, now),
    ]);
  };
  const routes = authPlugin({
    auth,
    events,
    captcha,
    media,
    oidc,
    loginLog: createLoginLogger(guardRepo, clock),
    cookieMaxAgeSeconds,
    ratePerMinute: config.login.ratePerMinute,
  });
  const mappingRoutes = directoryMappingPlugin({
    mappings,
    signIn: directorySignIn,
    directory: directory?.client,
    oidcEnabled: oidc !== undefined,
    users: deps.users,
    namespaces: deps.namespaces,
    roles: deps.roles,
    clock,
  });
  return {
    plugin: async (app) => {
      // FERRY_DIRECTORY_ROLES is brought into the mappings at each start; an entry naming a
      // namespace or role that does not exist stops the console.
      app.addHook('onReady', () => directorySignIn.seed());
      // The provider's discovery document is read ahead of the first sign-in; a provider that
      // does not answer yet does not stop the console, and is asked again at the next sign-in.
      if (oidcClient) {
        app.addHook('onReady', () => {
          oidcClient.warm().catch((err: unknown) => {
            app.log.warn(`OpenID Connect provider not reachable yet: ${String(err)}`);
          });
        });
      }
      // Expired sessions and spent lockout counters are removed at start and every hour.
      const tidyLogged = () =>
        tidy().catch((err: unknown) => app.log.error({ err }, 'clean-up failed'));
      app.addHook('onReady', tidyLogged);
      const timer = setInterval(() => void tidyLogged(), HOUR_MS);
      timer.unref();
      app.addHook('onClose', () => clearInterval(timer));
      routes(app);
      mappingRoutes(app);
    },
    api: { identity, tidy, holds: (u, n, p) => identity.holds(u, n, p), apiKeys },
  };
}
