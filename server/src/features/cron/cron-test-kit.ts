import type { CronRow } from '@ferry/contract';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import type { Actor } from '../../../test/factories.js';
import { shellQuote } from '../../infra/ssh/quote.js';
import { cronCommandText } from './crontab/crontab-lines.js';

/** Test helpers: a fleet server's crontab read and written as its user, and the cron routes. */
export function cronKit(t: () => TestApp, admin: () => Actor) {
  const exec = async (serverId: number, script: string) => {
    const r = await t().remoteRuns.execOnServer(1, serverId, script, {
      timeoutS: 30,
      substitute: false,
    });
    expect(r.code, r.stderr).toBe(0);
    return r.stdout;
  };
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const call = <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    input: object,
    ns = 1,
  ) =>
    t().call<T>(method, path, {
      token: admin().token,
      ns,
      ...(method === 'GET' ? { query: input as Record<string, number> } : { body: input }),
    });
  return {
    exec,
    call,
    crontab: (serverId: number) => exec(serverId, 'crontab -l 2>/dev/null || true'),
    setCrontab: (serverId: number, text: string) =>
      exec(serverId, `printf '%s' ${shellQuote(b64(text))} | base64 -d | crontab -`),
    clearCrontab: (serverId: number) =>
      exec(serverId, 'crontab -r 2>/dev/null; rm -rf "$HOME/.ferry"; true'),
    /** Runs a crontab line's command as cron would: `%` handled as cron does, then `sh -c`. */
    runLine: (serverId: number, line: string, background = false) => {
      const command = cronCommandText(line.replace(/^\s*(\S+\s+){5}/, ''));
      const run = `sh -c ${shellQuote(command)}`;
      // Cron runs a job in a session of its own: a background run outlives this command.
      const script = background ? `setsid ${run} </dev/null >/dev/null 2>&1 &` : run;
      return t().remoteRuns.execOnServer(1, serverId, script, { timeoutS: 30, substitute: false });
    },
    async add(serverId: number, form: object, ns = 1): Promise<number> {
      const r = await call<{ id: number }>('POST', '/cron/add', { serverId, ...form }, ns);
      expect(r.code, r.message).toBe(0);
      return r.data.id;
    },
    async list(serverId: number) {
      const r = await call<{ list: CronRow[]; fence: { state: string } }>('POST', '/cron/getList', {
        serverId,
      });
      expect(r.code, r.message).toBe(0);
      return r.data;
    },
  };
}

/** The line of job `id` in a crontab. */
export const lineOf = (crontab: string, id: number) => {
  const line = crontab
    .split('\n')
    .find((l) => / \/\S*\/\.ferry\/cron\/run\.sh (\d+) /.exec(l)?.[1] === String(id));
  expect(line, `no line of job ${id} in\n${crontab}`).toBeDefined();
  return line as string;
};
