import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { CSP_NONCE_PLACEHOLDER } from '@ferry/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { loadConfig } from '../../config.js';
import { systemClock } from '../clock.js';
import { createSecretBox } from '../crypto.js';
import { migrateToLatest, openSqlite } from '../../db/database.js';

describe('serving the web app', () => {
  let app: App;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-web-'));
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      `<!doctype html><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}" />` +
        `<div id="root"></div><script type="module" nonce="${CSP_NONCE_PLACEHOLDER}" src="/assets/app.js"></script>`,
    );
    fs.writeFileSync(path.join(webRoot, 'assets', 'app.js'), 'console.log(1)');
    const big = `console.log(${JSON.stringify('x'.repeat(4000))})`;
    fs.writeFileSync(path.join(webRoot, 'assets', 'big.js'), big);
    fs.writeFileSync(path.join(webRoot, 'assets', 'big.js.gz'), zlib.gzipSync(big));
    fs.writeFileSync(path.join(webRoot, 'assets', 'big.js.br'), zlib.brotliCompressSync(big));
    fs.writeFileSync(path.join(webRoot, 'README.md'), '# Ferry');
    const db = openSqlite(':memory:');
    await migrateToLatest(db);
    app = await buildApp({
      config: loadConfig({ FERRY_DATA_DIR: webRoot }),
      db,
      box: createSecretBox(Buffer.alloc(32, 3)),
      clock: systemClock,
      webRoot,
    });
  });
  afterAll(async () => {
    await app.fastify.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves index.html at / and for client-side routes, with page headers', async () => {
    for (const url of ['/', '/server/index', '/user/profile?x=1']) {
      const res = await app.fastify.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('serves built assets, cached for good (their names carry a hash)', async () => {
    const res = await app.fastify.inject({ url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the precompressed variant the client accepts', async () => {
    const br = await app.fastify.inject({
      url: '/assets/big.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('xxxx');
    const gz = await app.fastify.inject({
      url: '/assets/big.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(200);
    const plain = await app.fastify.inject({ url: '/assets/big.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(4000);
  });

  it('never lets the browser keep a stale index.html', async () => {
    const res = await app.fastify.inject({
      url: '/deploy/index',
      headers: { accept: 'text/html' },
    });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('gives every page a fresh nonce, in its tags and in a policy without unsafe-inline', async () => {
    const nonces = new Set<string>();
    for (const url of ['/', '/server/index', '/index.html']) {
      const res = await app.fastify.inject({ url, headers: { accept: 'text/html' } });
      const policy = String(res.headers['content-security-policy']);
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? '';
      expect(nonce, url).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      nonces.add(nonce);
      expect(res.body, url).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(res.body.split(`nonce="${nonce}"`), url).toHaveLength(3);
      const directives = Object.fromEntries(
        policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
      );
      // Every directive, so a dropped or loosened one fails.
      expect(directives).toEqual({
        'default-src': ["'self'"],
        'script-src': ["'self'", `'nonce-${nonce}'`, "'wasm-unsafe-eval'"],
        'style-src': ["'self'", `'nonce-${nonce}'`],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'worker-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
      });
      expect(policy).not.toMatch(/'unsafe-(inline|eval)'/);
    }
    expect(nonces.size).toBe(3);
  });

  it('lets other files a browser may open run nothing', async () => {
    for (const url of ['/README.md', '/assets/app.js']) {
      const res = await app.fastify.inject({ url });
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'self'",
      );
    }
  });

  it('serves the shipped README as text', async () => {
    const res = await app.fastify.inject({ url: '/README.md' });
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('# Ferry');
  });

  it('answers unknown API calls with code 1, not the page', async () => {
    const res = await app.fastify.inject({
      url: '/user/nope',
      headers: { accept: 'application/json' },
    });
    expect(res.json()).toMatchObject({ code: 1, reason: 'unknown_route' });
    const post = await app.fastify.inject({
      method: 'POST',
      url: '/server/index',
      headers: { accept: 'text/html' },
    });
    expect(post.json()).toMatchObject({ code: 1 });
  });

  it('still answers API routes as JSON when the browser asks for HTML', async () => {
    const res = await app.fastify.inject({
      url: '/user/getConfig',
      headers: { accept: 'text/html' },
    });
    expect(res.json()).toMatchObject({ code: 0 });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
