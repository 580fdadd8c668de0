import net from 'node:net';
import type { serverRoutes, RouteInput } from '@ferry/contract';
import type { TestApp } from './build-test-app.js';
import type { Actor } from './factories.js';
import type { SshdServer } from './sshd-fleet.js';
import { openTestDb } from './test-db.js';

export type ServerForm = RouteInput<typeof serverRoutes.add>;

/** The add form for a fleet server, logging in with its password unless `extra` says otherwise. */
export function serverForm(s: SshdServer, extra: Partial<ServerForm> = {}): ServerForm {
  return {
    name: `srv-${s.user}`,
    ip: s.host,
    port: s.port,
    owner: s.user,
    authType: 'password',
    password: s.password,
    ...extra,
  };
}

/** The jump fields that reach `s` with its password. */
export function jumpVia(s: SshdServer): Partial<ServerForm> {
  return {
    jumpIP: s.host,
    jumpPort: s.port,
    jumpOwner: s.user,
    jumpAuthType: 'password',
    jumpPassword: s.password,
  };
}

/** Adds a server as `actor` in namespace `ns`; fails the test unless the console answers code 0. */
export async function addServer(
  t: TestApp,
  actor: Actor,
  form: ServerForm,
  ns = 1,
): Promise<number> {
  const r = await t.call<{ id: number }>('POST', '/server/add', {
    token: actor.token,
    ns,
    body: form,
  });
  if (r.code !== 0) throw new Error(`add server: ${r.code} ${r.message}`);
  return r.data.id;
}

/** One row of `/server/getList` as the caller sees it. */
export async function listedServer(
  t: TestApp,
  actor: Actor,
  id: number,
  ns = 1,
): Promise<Record<string, unknown>> {
  const r = await t.call<{ list: Array<Record<string, unknown>> }>('GET', '/server/getList', {
    token: actor.token,
    ns,
  });
  const row = r.data.list.find((s) => s.id === id);
  if (!row) throw new Error(`server ${id} is not listed`);
  return row;
}

/**
 * Makes this test file's database before the first test (on PostgreSQL, a database made from
 * the template), so that a `beforeEach` hook does not pay for it.
 */
export async function warmTestDb(): Promise<void> {
  await (await openTestDb()).release();
}

/** A port nothing listens on (free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** A TCP server that accepts connections and never says a word; `close()` ends it. */
export async function silentPort(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.resume().on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

/** A multipart/form-data body holding one file field, as a browser uploads it. */
export function multipartFile(field: string, filename: string, content: string | Buffer) {
  const boundary = `----ferry${Date.now().toString(16)}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    'Content-Type: text/csv\r\n\r\n';
  const body = Buffer.concat([
    Buffer.from(head),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
