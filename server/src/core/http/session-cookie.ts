import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';

/** HttpOnly, SameSite=Lax, Secure when the console is served over TLS. */
export function sessionCookieOptions(
  req: FastifyRequest,
  maxAgeSeconds: number,
): CookieSerializeOptions {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge: maxAgeSeconds,
  };
}
