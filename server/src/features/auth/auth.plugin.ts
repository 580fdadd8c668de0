import { authRoutes, Code } from '@ferry/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessEvents } from '../../core/access-events.js';
import { AppError, failed } from '../../core/errors.js';
import { clientIp, requestOrigin } from '../../core/http/context.js';
import { bindPublicRoute, bindRoute } from '../../core/http/bind-route.js';
import { SESSION_COOKIE } from '../../core/http/identity.js';
import { sessionCookieOptions } from '../../core/http/session-cookie.js';
import type { AuthService, LoginNote } from './auth.service.js';
import type { CaptchaStore } from './captcha/captcha-store.js';
import type { LoginLogger } from './login-logger.js';
import { MEDIA_STATE_COOKIE, MEDIA_STATE_SECONDS, type MediaSignIn } from './media-sign-in.js';
import { OIDC_COOKIE, OIDC_COOKIE_SECONDS, type OidcSignIn } from './oidc-sign-in.js';

export interface AuthPluginDeps {
  auth: AuthService;
  /** Told when a session ends, so its cached identity and open sockets go with it. */
  events: AccessEvents;
  captcha: CaptchaStore;
  media: MediaSignIn;
  /** OpenID Connect sign-in and its button's label; undefined when off. */
  oidc: { signIn: OidcSignIn; label: string } | undefined;
  loginLog: LoginLogger;
  cookieMaxAgeSeconds: number;
  ratePerMinute: number;
}

export function authPlugin(deps: AuthPluginDeps) {
  const { auth, captcha, loginLog, media } = deps;
  const limited = { rateLimit: { max: deps.ratePerMinute, timeWindow: 60_000 } };

  /** Runs a login attempt, writes the login log for every outcome, sets the cookie. */
  async function attempt<T extends { token: string }>(
    req: FastifyRequest,
    reply: FastifyReply,
    account: string,
    run: (note: LoginNote) => Promise<T>,
  ): Promise<T> {
    const note: LoginNote = { provider: 'local', detail: '' };
    try {
      const result = await run(note);
      await loginLog.write(req, note.account ?? account, '', note.provider);
      void reply.setCookie(
        SESSION_COOKIE,
        result.token,
        sessionCookieOptions(req, deps.cookieMaxAgeSeconds),
      );
      return result;
    } catch (err) {
      const message = err instanceof Error ? err.message : 'error';
      const reason = note.detail ? `${message} (${note.detail})` : message;
      await loginLog.write(req, note.account ?? account, reason, note.provider);
      throw err;
    }
  }

  /**
   * The providers' authorize addresses, with this browser's state nonce (set as a cookie the
   * first time, kept while it lasts so that two tabs' sign-ins both finish).
   */
  function mediaUrls(req: FastifyRequest, reply: FastifyReply, redirectUri: string | undefined) {
    if (!media.anyEnabled) return { dingtalk: '', feishu: '' };
    const { nonce, fresh } = media.nonceFor(req.cookies[MEDIA_STATE_COOKIE]);
    const urls = media.urls(nonce, redirectUri, requestOrigin(req));
    if (fresh) {
      void reply.setCookie(MEDIA_STATE_COOKIE, nonce, {
        ...sessionCookieOptions(req, MEDIA_STATE_SECONDS),
        path: '/user',
      });
    }
    return urls;
  }

  return (app: FastifyInstance) => {
    // SECURITY: the per-account lockout stops guessing; this per-address limit stops floods.
    bindPublicRoute(
      app,
      authRoutes.login,
      ({ req, reply, input }) =>
        attempt(req, reply, input.account, (note) => auth.login(input, meta(req), note)),
      limited,
    );
    bindPublicRoute(
      app,
      authRoutes.extLogin,
      ({ req, reply, input }) =>
        attempt(req, reply, input.account, (note) => auth.extLogin(input, meta(req), note)),
      limited,
    );
    bindPublicRoute(
      app,
      authRoutes.getCaptcha,
      ({ input }) => captcha.issue(input.language),
      limited,
    );
    bindPublicRoute(
      app,
      authRoutes.checkCaptcha,
      async ({ input }) => {
        if (!(await captcha.check(input.key, input.dots))) {
          throw failed('Captcha check failed, please try again', 'captcha_failed');
        }
        return null;
      },
      limited,
    );

    bindRoute(app, authRoutes.logout, async ({ ctx, reply }) => {
      if (ctx.via.kind !== 'session') {
        throw new AppError(Code.error, 'An API key has no session to end', 'not_a_session');
      }
      await auth.logout(ctx.via.tokenHash);
      // Its open pages learn at once that they are signed out.
      await deps.events.emit({ kind: 'session', tokenHash: ctx.via.tokenHash });
      void reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return null;
    });

    bindPublicRoute(app, authRoutes.getConfig, ({ req, reply }) => ({
      ldap: { enabled: auth.ldapEnabled() },
      captcha: { enabled: auth.captchaEnabled() },
      mediaURL: mediaUrls(req, reply, undefined),
      oidc: { enabled: deps.oidc !== undefined, label: deps.oidc?.label ?? '' },
    }));
    bindPublicRoute(app, authRoutes.getCaptchaConfig, () => ({ enabled: auth.captchaEnabled() }));
    bindPublicRoute(app, authRoutes.getMediaLoginUrl, ({ req, reply, input }) =>
      mediaUrls(req, reply, input.redirectUri),
    );
    bindPublicRoute(
      app,
      authRoutes.mediaLogin,
      ({ req, reply, input }) =>
        attempt(req, reply, '', async (note) => {
          const user = await media.identify(
            input,
            req.cookies[MEDIA_STATE_COOKIE],
            requestOrigin(req),
            note,
          );
          note.account = user.account;
          const session = await auth.openSession(user, meta(req), note.provider);
          // The state is spent: the next sign-in of this browser gets a new one.
          void reply.clearCookie(MEDIA_STATE_COOKIE, { path: '/user' });
          return session;
        }),
      limited,
    );

    bindPublicRoute(
      app,
      authRoutes.getOidcLoginUrl,
      async ({ req, reply }) => {
        const note: LoginNote = { provider: 'oidc', detail: '' };
        if (!deps.oidc) throw failed('OpenID Connect sign-in is not enabled', 'oidc_disabled');
        try {
          const { url, cookie } = await deps.oidc.signIn.start(note);
          void reply.setCookie(OIDC_COOKIE, cookie, {
            ...sessionCookieOptions(req, OIDC_COOKIE_SECONDS),
            path: '/user',
          });
          return { url };
        } catch (err) {
          // A provider that does not answer is worth a line in the log: it is not the member's doing.
          if (note.detail) req.log.warn(`OpenID Connect sign-in could not start: ${note.detail}`);
          throw err;
        }
      },
      limited,
    );
    // The provider's answer goes on to the login page as it came, in the address's fragment: the
    // page finishes the sign-in, and no server or proxy log keeps the code.
    bindPublicRoute(app, authRoutes.oidcCallback, async ({ req, reply }) => {
      const q = req.url.indexOf('?');
      const query = q < 0 ? '' : req.url.slice(q + 1);
      await reply.redirect(`/login#oidc=${encodeURIComponent(query)}`, 303);
      return null;
    });
    bindPublicRoute(
      app,
      authRoutes.oidcLogin,
      ({ req, reply, input }) =>
        attempt(req, reply, '', async (note) => {
          note.provider = 'oidc';
          if (!deps.oidc) throw failed('OpenID Connect sign-in is not enabled', 'oidc_disabled');
          const user = await deps.oidc.signIn.identify(
            input.callback,
            req.cookies[OIDC_COOKIE],
            note,
          );
          const session = await auth.openSession(user, meta(req), 'oidc');
          // The sign-in is spent: the next one starts afresh.
          void reply.clearCookie(OIDC_COOKIE, { path: '/user' });
          return session;
        }),
      limited,
    );
  };
}

function meta(req: FastifyRequest) {
  return { ip: clientIp(req), userAgent: String(req.headers['user-agent'] ?? '') };
}
