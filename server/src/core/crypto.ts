import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const VERSION = 'v1';

/**
 * Encrypts stored secrets with AES-256-GCM. The stored form is `v1:<iv>:<tag>:<ciphertext>` in
 * base64url, so a wrong key or a changed byte fails loudly instead of returning garbage.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /**
   * A signature of `text` (HMAC-SHA256, base64url) with a key of its own derived from the secret
   * key, for links the console hands out and must recognise later (a review's callback).
   */
  sign(text: string): string;
  /** Whether `signature` is `sign(text)`, compared in constant time. */
  verify(text: string, signature: string): boolean;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
  const signingKey = Buffer.from(
    hkdfSync('sha256', key, Buffer.alloc(0), 'ferry signed links', 32),
  );
  const sign = (text: string) => createHmac('sha256', signingKey).update(text).digest('base64url');
  return {
    sign,
    verify(text, signature) {
      const want = Buffer.from(sign(text));
      const got = Buffer.from(signature);
      return got.length === want.length && timingSafeEqual(got, want);
    },
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, body].map((p) => (typeof p === 'string' ? p : b64(p))).join(':');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || body === undefined) {
        throw new Error('not a sealed secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

const b64 = (b: Buffer) => b.toString('base64url');

/** What `seal` writes: a 12-byte iv, a 16-byte tag and the ciphertext, in base64url. */
const SEALED_FORM = /^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]*$/;

/**
 * Whether a stored value has the form `seal` writes. A plain value that may have been stored
 * before a column was sealed (an address, which holds `://`) never has it.
 */
export function isSealed(value: string): boolean {
  return SEALED_FORM.test(value);
}

/**
 * The 32-byte secret key: from `FERRY_SECRET_KEY` (64 hex digits or 44 base64 characters), else
 * from `<dataDir>/secret.key`, made on first start with mode 0600.
 */
export function loadSecretKey(dataDir: string, fromEnv: string | undefined): Buffer {
  if (fromEnv) return parseKey(fromEnv, 'FERRY_SECRET_KEY');
  const file = path.join(dataDir, 'secret.key');
  if (fs.existsSync(file)) return parseKey(fs.readFileSync(file, 'utf8').trim(), file);
  const key = randomBytes(32);
  fs.writeFileSync(file, key.toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  return key;
}

function parseKey(text: string, where: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, 'hex')
    : Buffer.from(text, 'base64');
  if (key.length !== 32) {
    throw new Error(`${where} must hold a 32-byte key as 64 hex digits or base64`);
  }
  return key;
}

/** A random token for sessions and API keys: `bytes` random bytes in base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Random alphanumeric text (API keys keep goploy's 32-character alphabet). */
export function randomAlphanumeric(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  // SECURITY: rejection sampling keeps every character equally likely (no modulo bias).
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248 && out.length < length) out += alphabet[b % 62];
    }
  }
  return out;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
