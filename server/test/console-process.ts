import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface StartedConsole {
  child: ChildProcess;
  output: () => string;
  url: string;
}

/**
 * Starts the real console as `npm start` does and waits for its URL: from the sources (without
 * the web build), or with `built` the compiled console serving the web build (browser tests).
 */
export function startConsole(
  env: Record<string, string>,
  opts: { built?: boolean } = {},
): Promise<StartedConsole> {
  const entry = opts.built ? ['server/dist/main.mjs'] : ['--import', 'tsx', 'server/src/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: {
      ...process.env,
      FERRY_HOST: '127.0.0.1',
      FERRY_PORT: '0',
      FERRY_LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) resolve({ child, output: () => out, url: m[1]!.replace(/\/$/, '') });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

export function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

/** Signs in over HTTP and answers a caller of the API with that session in namespace 1. */
export async function signedIn(url: string, account: string, password: string) {
  const login = await fetch(`${url}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return async <T = unknown>(method: string, route: string, body?: unknown) => {
    const query =
      method === 'GET' && body
        ? `?${new URLSearchParams(body as Record<string, string>).toString()}`
        : '';
    const res = await fetch(`${url}${route}${query}`, {
      method,
      headers: { cookie, 'g-n-id': '1', 'content-type': 'application/json' },
      ...(method !== 'GET' && body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return (await res.json()) as { code: number; message: string; data: T };
  };
}
