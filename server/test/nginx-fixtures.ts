import fs from 'node:fs';
import path from 'node:path';
import type { Envelope } from '@ferry/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { adminOf, type Actor } from './factories.js';
import { homeOf, userDir, userFile } from './remote-files.js';
import { addServer, closedPort, serverForm, warmTestDb } from './server-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from './sshd-fleet.js';

/** Debian's nginx, run in the tests as a fleet server's user. */
export const NGINX_BINARY = '/usr/sbin/nginx';

/** An nginx prefix in a fleet user's home: its main configuration, includes and logs. */
export interface NginxPrefix {
  prefix: string;
  conf: string;
  errorLog: string;
  /** `conf.d`, included as `conf.d/*.conf`. */
  confD: string;
  sitesAvailable: string;
  sitesEnabled: string;
  /** The shell command line that starts it as its user (daemon, pid file inside the prefix). */
  start: string;
}

/** A server block answering `text` on 127.0.0.1:`port`. */
export const siteConf = (port: number, text: string) =>
  `server {\n    listen 127.0.0.1:${port};\n    location / {\n        return 200 "${text}\\n";\n    }\n}\n`;

/**
 * Writes a prefix under the user's home (`<home>/<name>`), owned by the user: `nginx.conf` with
 * every path inside the prefix, `conf.d/*.conf` and `sites-enabled/*` included, and `conf.d/app.conf`
 * answering "v1" on `port`.
 */
export function nginxPrefix(sshd: SshdServer, name: string, port: number): NginxPrefix {
  const prefix = path.join(homeOf(sshd), name);
  const conf = path.join(prefix, 'conf', 'nginx.conf');
  const confD = path.join(prefix, 'conf', 'conf.d');
  const sitesAvailable = path.join(prefix, 'conf', 'sites-available');
  const sitesEnabled = path.join(prefix, 'conf', 'sites-enabled');
  const errorLog = path.join(prefix, 'logs', 'error.log');
  for (const d of [
    confD,
    sitesAvailable,
    sitesEnabled,
    path.join(prefix, 'logs'),
    path.join(prefix, 'tmp'),
  ]) {
    userDir(sshd, d);
  }
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((k) => `    ${k}_temp_path ${prefix}/tmp/${k};`)
    .join('\n');
  userFile(
    sshd,
    conf,
    [
      'worker_processes 1;',
      `pid ${prefix}/nginx.pid;`,
      `error_log ${errorLog};`,
      'events { worker_connections 64; }',
      'http {',
      '    access_log off;',
      temps,
      '    include conf.d/*.conf;',
      '    include sites-enabled/*;',
      '}',
      '',
    ].join('\n'),
  );
  userFile(sshd, path.join(confD, 'app.conf'), siteConf(port, 'v1'));
  const start = `${NGINX_BINARY} -e ${errorLog} -p ${prefix} -c ${conf}`;
  return { prefix, conf, errorLog, confD, sitesAvailable, sitesEnabled, start };
}

/** What a file of the prefix holds now, or null when it is not there. */
export const fileText = (file: string): string | null =>
  fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;

/** What the test nginx answers on `port`, or the error's code when nothing answers. */
export async function answerOf(port: number): Promise<string> {
  try {
    const r = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(5000) });
    return (await r.text()).trim();
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    return cause?.code ?? 'failed';
  }
}

/** Waits until `port` answers `expected` (nginx's workers take a moment after a reload). */
export async function waitForAnswer(port: number, expected: string): Promise<string> {
  let last = '';
  for (let i = 0; i < 100; i++) {
    last = await answerOf(port);
    if (last === expected) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  return last;
}

/** A console, its admin and a fleet server with an nginx prefix in its user's home. */
export interface NginxServer {
  t: TestApp;
  admin: Actor;
  sshd: SshdServer;
  /** The server's id in namespace 1. */
  id: number;
  /** The port `conf.d/app.conf` listens on. */
  port: number;
  p: NginxPrefix;
  /** Calls a route as the admin in namespace 1 (query for GET, body otherwise). */
  call: <T = unknown>(method: Method, url: string, input: object) => Promise<CallResult<T>>;
  /** Calls a route as `call` does, expects code 0 and answers its data. */
  ok: <T = unknown>(method: Method, url: string, input: object) => Promise<T>;
}

/** The names of the temporary and kept copies a guarded change leaves in `dir` (none, after one). */
export const leftovers = (dir: string) => fs.readdirSync(dir).filter((n) => n.includes('.ferry-'));

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type CallResult<T> = Awaited<ReturnType<TestApp['call']>> & Envelope<T>;

/**
 * Before the file's tests: one sshd, one console with the server added, the prefix written and,
 * with `running`, nginx started as the server's user (else its binary set for the server). After
 * them: the nginx stopped (if its pid file says it runs), the console closed, the sshd stopped.
 */
export function useNginxServer(opts: { running: boolean }): NginxServer {
  let fleet: SshdFleet | undefined;
  let ready: NginxServer | undefined;
  beforeAll(async () => {
    [fleet] = await Promise.all([startSshdFleet({ count: 1 }), warmTestDb()]);
    const [sshd] = fleet.servers as [SshdServer];
    const t = await buildTestApp();
    const admin = await adminOf(t);
    const id = await addServer(t, admin, serverForm(sshd, { name: 'web' }));
    const port = await closedPort();
    const p = nginxPrefix(sshd, 'nginx', port);
    const call = <T>(method: Method, url: string, input: object) =>
      t.call<T>(method, url, {
        token: admin.token,
        ns: 1,
        ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
      });
    const r = opts.running
      ? await t.remoteRuns.execOnServer(1, id, p.start, { timeoutS: 20, substitute: false })
      : await call('PUT', '/server/setNginxPath', {
          serverId: id,
          path: NGINX_BINARY,
          prefix: p.prefix,
          conf: p.conf,
        });
    if (('code' in r && r.code !== 0) || ('stderr' in r && r.stderr.trim())) {
      throw new Error(`nginx setup: ${JSON.stringify(r)}`);
    }
    const ok = async <T>(method: Method, url: string, input: object) => {
      const res = await call<T>(method, url, input);
      expect(res.code, `${url}: ${res.message}`).toBe(0);
      return res.data;
    };
    ready = { t, admin, sshd, id, port, p, call, ok };
  }, 90_000);
  afterAll(async () => {
    const pid = ready && fileText(path.join(ready.p.prefix, 'nginx.pid'));
    if (pid) {
      try {
        process.kill(Number(pid), 'SIGQUIT');
      } catch {
        // It stopped already.
      }
    }
    await ready?.t.close();
    await fleet?.stopAll();
  });
  // The fields are read in the tests, once beforeAll has set them up.
  return new Proxy({} as NginxServer, {
    get: (_, key: keyof NginxServer) => {
      if (!ready) throw new Error('the nginx server is not set up');
      return ready[key];
    },
  });
}
