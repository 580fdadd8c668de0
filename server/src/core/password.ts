import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

/** `algorithm: 2` is Argon2id (a const enum in the typings, so written as its value). */
const ARGON2 = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id (OWASP's minimum profile: 19 MiB, 2 passes). */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2);
}

/**
 * Checks a password against an argon2id hash or a bcrypt hash imported from goploy.
 * `rehash` is true when the stored hash should be replaced by an argon2id one.
 */
export async function verifyPassword(
  stored: string,
  plain: string,
): Promise<{ ok: boolean; rehash: boolean }> {
  if (stored.startsWith('$argon2')) {
    return { ok: await verify(stored, plain).catch(() => false), rehash: false };
  }
  if (/^\$2[abxy]\$/.test(stored)) {
    const ok = await bcrypt.compare(plain, stored).catch(() => false);
    return { ok, rehash: ok };
  }
  return { ok: false, rehash: false };
}

/** A hash to verify against when the account does not exist, so timing does not tell. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('not-a-real-password-0');
  return dummy;
}
