import { authRoutes, Code } from '@ferry/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessEvents } from '../../core/access-events.js';
import { AppError, failed } from '../../core/errors.js';
import { clientIp } from '../../core/http/context.js';
import { bindPublicRoute, bindRoute } from '../../core/http/bind-route.js';
import { SESSION_COOKIE } from '../../core/http/identity.js';
import { sessionCookieOptions } from '../../core/http/session-cookie.js';
import type { AuthService, LoginNote } from './auth.service.js';
import type { CaptchaStore } from './captcha/captcha-store.js';
import type { LoginLogger } from './login-logger.js';

export interface AuthPluginDeps {
  auth: AuthService;
  /** Told when a session ends, so its cached identity and open sockets go with it. */
  events: AccessEvents;
  captcha: CaptchaStore;
  loginLog: LoginLogger;
  cookieMaxAgeSeconds: number;
  ratePerMinute: number;
}

export function authPlugin(deps: AuthPluginDeps) {
  const { auth, captcha, loginLog } = deps;
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
      await loginLog.write(req, account, '', note.provider);
      void reply.setCookie(
        SESSION_COOKIE,
        result.token,
        sessionCookieOptions(req, deps.cookieMaxAgeSeconds),
      );
      return result;
    } catch (err) {
      const message = err instanceof Error ? err.message : 'error';
      const reason = note.detail ? `${message} (${note.detail})` : message;
      await loginLog.write(req, account, reason, note.provider);
      throw err;
    }
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

    bindPublicRoute(app, authRoutes.getConfig, () => ({
      ldap: { enabled: auth.ldapEnabled() },
      captcha: { enabled: auth.captchaEnabled() },
      mediaURL: { dingtalk: '', feishu: '' },
    }));
    bindPublicRoute(app, authRoutes.getCaptchaConfig, () => ({ enabled: auth.captchaEnabled() }));
    bindPublicRoute(app, authRoutes.getMediaLoginUrl, () => ({ dingtalk: '', feishu: '' }));
  };
}

function meta(req: FastifyRequest) {
  return { ip: clientIp(req), userAgent: String(req.headers['user-agent'] ?? '') };
}
