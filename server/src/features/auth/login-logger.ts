import type { FastifyRequest } from 'fastify';
import { clientIp } from '../../core/http/context.js';
import type { Clock } from '../../core/clock.js';
import type { LoginGuardRepository } from './login-guard.repository.js';

/**
 * Writes one login_log row per attempt: account, address, agent, referer, how it was checked
 * (`local`, `ldap`, `link`) and why it failed.
 */
export function createLoginLogger(repo: LoginGuardRepository, clock: Clock) {
  return {
    async write(
      req: FastifyRequest,
      account: string,
      reason: string,
      provider: string,
    ): Promise<void> {
      await repo
        .insertLoginLog({
          account,
          ip: clientIp(req),
          userAgent: String(req.headers['user-agent'] ?? ''),
          referer: String(req.headers.referer ?? ''),
          reason,
          provider,
          time: clock.now(),
        })
        .catch((err: unknown) => req.log.error({ err }, 'login log failed'));
    },
  };
}

export type LoginLogger = ReturnType<typeof createLoginLogger>;
