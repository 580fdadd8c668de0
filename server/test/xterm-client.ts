import type { WebSocket } from 'ws';
import type { TestApp } from './build-test-app.js';
import type { SshdServer } from './sshd-fleet.js';

/** A browser's side of `/ws/xterm`, as the tests drive it. */
export interface XtermClient {
  ws: WebSocket;
  /** Everything received so far, decoded as UTF-8. */
  output(): string;
  /** Whether every frame received was binary (the protocol's output frames). */
  allBinary(): boolean;
  /** The close code and reason, once the socket closes. */
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves once the output matches `pattern`; rejects with the output after `timeoutMs`. */
  waitFor(pattern: string | RegExp, timeoutMs?: number): Promise<void>;
}

/**
 * Opens `/ws/xterm` through the app's WebSocket scope. Listeners are attached before the upgrade
 * completes, so a socket refused at once still reports its close code.
 */
export async function openXterm(
  t: TestApp,
  query: Record<string, string | number>,
  headers: Record<string, string> = {},
): Promise<XtermClient> {
  const chunks: Buffer[] = [];
  let binary = true;
  let resolveClosed: (v: { code: number; reason: string }) => void = () => {};
  const closed = new Promise<{ code: number; reason: string }>((r) => (resolveClosed = r));
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  );
  const ws = await t.sockets.injectWS(
    `/ws/xterm?${qs.toString()}`,
    { headers },
    {
      onInit(socket) {
        socket.on('message', (data: Buffer, isBinary: boolean) => {
          chunks.push(data);
          binary &&= isBinary;
        });
        socket.on('close', (code: number, reason: Buffer) =>
          resolveClosed({ code, reason: reason.toString() }),
        );
      },
    },
  );
  const output = () => Buffer.concat(chunks).toString('utf8');
  return {
    ws,
    output,
    allBinary: () => binary,
    closed,
    async waitFor(pattern, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      const matches = () =>
        typeof pattern === 'string' ? output().includes(pattern) : pattern.test(output());
      while (!matches()) {
        if (Date.now() > deadline) {
          throw new Error(`no ${String(pattern)} in terminal output: ${JSON.stringify(output())}`);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}

/** Adds `sshd` as a password-login server of namespace `ns`; returns its id. */
export async function addServer(
  t: TestApp,
  token: string,
  sshd: Pick<SshdServer, 'host' | 'port' | 'user' | 'password'>,
  opts: { ns?: number; name?: string } = {},
): Promise<number> {
  const r = await t.call<{ id: number }>('POST', '/server/add', {
    token,
    ns: opts.ns ?? 1,
    body: {
      name: opts.name ?? `srv-${sshd.port}`,
      ip: sshd.host,
      port: sshd.port,
      owner: sshd.user,
      authType: 'password',
      password: sshd.password,
    },
  });
  if (r.code !== 0) throw new Error(`add server: ${r.code} ${r.message}`);
  return r.data.id;
}
