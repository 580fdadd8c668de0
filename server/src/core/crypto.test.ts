import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, isSealed, loadSecretKey, randomAlphanumeric } from './crypto.js';

describe('the secret box', () => {
  const box = createSecretBox(Buffer.alloc(32, 9));

  it('opens what it sealed, with a fresh nonce each time', () => {
    const a = box.seal('s3cret ключ');
    const b = box.seal('s3cret ключ');
    expect(a).not.toBe(b);
    expect(a).not.toContain('s3cret');
    expect(box.open(a)).toBe('s3cret ключ');
  });

  it('refuses a changed byte and a wrong key', () => {
    const sealed = box.seal('value');
    const parts = sealed.split(':');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0]! ^= 1;
    parts[3] = body.toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow();
    expect(() => createSecretBox(Buffer.alloc(32, 8)).open(sealed)).toThrow();
    expect(() => box.open('plain text')).toThrow('not a sealed secret');
  });

  it('tells what it sealed from plain values', () => {
    for (const plain of ['', 'x', 'https://oapi.dingtalk.com/robot/send?access_token=v1:a:b:c']) {
      expect(isSealed(box.seal(plain)), plain).toBe(true);
      expect(isSealed(plain), plain).toBe(false);
    }
    expect(isSealed('v1:short:tag:body')).toBe(false);
  });
});

describe('loadSecretKey', () => {
  it('makes a 0600 key file on first use and reads the same key later', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-key-'));
    try {
      const first = loadSecretKey(dir, undefined);
      expect(first).toHaveLength(32);
      expect(fs.statSync(path.join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
      expect(loadSecretKey(dir, undefined).equals(first)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes a key from the environment and names it when malformed', () => {
    expect(loadSecretKey('/nonexistent', 'ab'.repeat(32))).toEqual(Buffer.alloc(32, 0xab));
    expect(() => loadSecretKey('/nonexistent', 'short')).toThrow(
      'FERRY_SECRET_KEY must hold a 32-byte key',
    );
  });
});

describe('randomAlphanumeric', () => {
  it('uses every character of the alphabet and nothing else', () => {
    const text = randomAlphanumeric(20_000);
    expect(text).toMatch(/^[A-Za-z0-9]{20000}$/);
    expect(new Set(text).size).toBe(62);
  });
});

describe('signed links', () => {
  it('recognise their own text, and no other text, key or signature', () => {
    const box = createSecretBox(Buffer.alloc(32, 1));
    const signature = box.sign('review 7 until 1764150000');
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(box.verify('review 7 until 1764150000', signature)).toBe(true);
    expect(box.verify('review 8 until 1764150000', signature)).toBe(false);
    expect(box.verify('review 7 until 1764150000', signature.slice(1))).toBe(false);
    expect(box.verify('review 7 until 1764150000', '')).toBe(false);
    const other = createSecretBox(Buffer.alloc(32, 2));
    expect(other.verify('review 7 until 1764150000', signature)).toBe(false);
  });
});
