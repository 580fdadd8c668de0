import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { adminOf, type Actor } from '../../../test/factories.js';
import { DRAIN_MAX_BYTES } from './error-handler.js';

const FIVE_MB = 5 * 1024 * 1024;

/**
 * One keep-alive connection that, as most HTTP libraries do, writes a request's whole body before
 * it reads the answer: a server that closes the connection early breaks the write (EPIPE).
 */
function rawConnection(port: number) {
  const socket = net.connect({ host: '127.0.0.1', port });
  let received = Buffer.alloc(0);
  let waiting: (() => void) | undefined;
  let closed = false;
  socket.on('data', (chunk) => {
    received = Buffer.concat([received, chunk]);
    waiting?.();
  });
  socket.on('close', () => {
    closed = true;
    waiting?.();
  });
  socket.on('error', () => undefined);

  /** The next answer's head and JSON body, or why the connection failed. */
  async function answer(): Promise<{ head: string; body: unknown }> {
    for (;;) {
      const end = received.indexOf('\r\n\r\n');
      if (end >= 0) {
        const head = received.subarray(0, end).toString('latin1');
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? NaN);
        if (received.length >= end + 4 + length) {
          const body = received.subarray(end + 4, end + 4 + length).toString('utf8');
          received = received.subarray(end + 4 + length);
          return { head, body: JSON.parse(body) };
        }
      }
      if (closed) throw new Error('the connection was closed');
      await new Promise<void>((resolve) => (waiting = resolve));
    }
  }

  return {
    /** Sends a request (declaring `declared` bytes when given) and reads its answer. */
    async send(
      method: string,
      path: string,
      headers: Record<string, string>,
      body: Buffer,
      declared = body.length,
    ) {
      const lines = [`${method} ${path} HTTP/1.1`, 'host: 127.0.0.1'];
      for (const [k, v] of Object.entries({ ...headers, 'content-length': String(declared) })) {
        lines.push(`${k}: ${v}`);
      }
      const written = new Promise<void>((resolve, reject) =>
        socket.write(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), body]), (err) =>
          err ? reject(err) : resolve(),
        ),
      );
      await written;
      return answer();
    },
    closed: () => closed,
    close: () => socket.destroy(),
  };
}

describe('an oversized request body', () => {
  let t: TestApp;
  let admin: Actor;
  let port = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminOf(t);
    await t.fastify.listen({ port: 0, host: '127.0.0.1' });
    port = (t.fastify.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('is answered 10003 by every POST and PUT route, on a connection that stays open', async () => {
    const routes = t.routes.filter((r) => r.descriptor && ['POST', 'PUT'].includes(r.method));
    expect(routes.length).toBeGreaterThan(80);
    const body = Buffer.alloc(FIVE_MB, 'a');
    body.write('{"name":"', 0);
    const connection = rawConnection(port);
    try {
      for (const r of routes) {
        const { body: answer } = await connection.send(
          r.method,
          r.url,
          {
            'content-type': 'application/json',
            cookie: `goploy_token=${admin.token}`,
            'g-n-id': '1',
          },
          body,
        );
        expect(answer, `${r.method} ${r.url}`).toMatchObject({ code: 10003 });
      }
    } finally {
      connection.close();
    }
    // Over 80 routes × 5 MB through one connection: seconds on a loaded two-core machine.
  }, 20_000);

  it('is answered at once, unread, and closes the connection past what is worth reading', async () => {
    const connection = rawConnection(port);
    const headers = { 'content-type': 'application/json', cookie: `goploy_token=${admin.token}` };
    const { head, body } = await connection.send(
      'POST',
      '/role/add',
      { ...headers, 'g-n-id': '1' },
      Buffer.alloc(0),
      DRAIN_MAX_BYTES + 1,
    );
    expect(body).toMatchObject({ code: 10003, message: 'request body is too large' });
    expect(head).toMatch(/connection: close/i);
    await expect.poll(() => connection.closed()).toBe(true);
  });
});
