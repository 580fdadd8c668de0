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

export interface AuthPluginDeps {
  auth: AuthService;
  /** Told when a session ends, so its cached identity and open sockets go with it. */
  events: AccessEvents;
  captcha: CaptchaStore;
  media: MediaSignIn;
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
  };
}

function meta(req: FastifyRequest) {
  return { ip: clientIp(req), userAgent: String(req.headers['user-agent'] ?? '') };
}
