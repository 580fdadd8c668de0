import {
  NGINX_EFFECTIVE_MAX_BYTES,
  NGINX_TRUNCATED_MARK,
  NginxReason,
  type NginxCommand,
} from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import { failed } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import type { NginxLocator } from './nginx-locator.js';
import { parseTestFailure, type NginxTarget } from './nginx-parse.js';
import { scriptFailed, type NginxRemote } from './nginx-remote.js';
import type { NginxRepository } from './nginx.repository.js';
import { dumpScript, nginxCommand } from './nginx-scripts.js';

/** Detection, the typed binary, check, reload, start, stop and the effective configuration. */
export function createNginxManage(deps: {
  remote: NginxRemote;
  locator: NginxLocator;
  repo: NginxRepository;
  clock: Clock;
}) {
  const { remote, locator, repo, clock } = deps;

  async function getPath(ctx: RequestContext, serverId: number) {
    const found = await locator.detect(ctx, serverId);
    const t = found.chosen;
    return {
      path: t?.binary ?? '',
      prefix: t?.prefix ?? '',
      conf: t?.conf ?? '',
      errorLog: t?.errorLog ?? '',
      candidates: found.candidates.map(({ globals: _g, ...c }) => c),
      systemd: found.systemd,
    };
  }

  async function setPath(
    ctx: RequestContext,
    input: { serverId: number; path: string; prefix: string; conf: string },
  ) {
    await remote.server(ctx, input.serverId);
    await repo.saveSetting({
      server_id: input.serverId,
      binary: input.path,
      prefix: input.prefix,
      conf: input.conf,
      error_log: '',
      editor_id: ctx.user.id,
      editor: ctx.user.name,
      update_time: clock.now(),
    });
  }

  /** Runs `script`, answering its status and its combined output. */
  async function runShown(ctx: RequestContext, serverId: number, script: string) {
    const r = await remote.run(ctx, serverId, `{ ${script}\n} 2>&1`);
    return { execRes: r.code === 0, output: r.stdout };
  }

  /** `nginx -t`; refused with `nginx_test_failed` when `strict` and the test fails. */
  async function test(ctx: RequestContext, serverId: number, t: NginxTarget, strict: boolean) {
    const r = await runShown(ctx, serverId, nginxCommand(t, '-t'));
    if (strict && !r.execRes) {
      throw failed(
        'nginx -t refused the configuration',
        NginxReason.testFailed,
        parseTestFailure(r.output),
      );
    }
    return r;
  }

  async function manage(
    ctx: RequestContext,
    input: { serverId: number; path: string; command: NginxCommand },
  ) {
    const { serverId, command } = input;
    const found = await locator.detect(ctx, serverId);
    const t = await locator.target(ctx, serverId, input.path, 'path', found);
    if (command === 'check') return test(ctx, serverId, t, false);
    if (command !== 'stop') await test(ctx, serverId, t, true);
    if (command === 'reload') return runShown(ctx, serverId, nginxCommand(t, '-s', 'reload'));
    if (found.systemd) return runShown(ctx, serverId, `systemctl ${command} nginx`);
    return runShown(
      ctx,
      serverId,
      command === 'start' ? nginxCommand(t) : nginxCommand(t, '-s', 'quit'),
    );
  }

  /** `nginx -T`, cut at NGINX_EFFECTIVE_MAX_BYTES with a visible mark. */
  async function effective(ctx: RequestContext, serverId: number) {
    const t = await locator.target(ctx, serverId, '', 'serverId');
    const r = await remote.run(
      ctx,
      serverId,
      dumpScript(t, NGINX_EFFECTIVE_MAX_BYTES),
      1024 * 1024,
    );
    const end = /^@@ (\d+) (\d+)$/m.exec(r.stderr);
    if (r.code !== 0 || !end) throw scriptFailed('nginx -T failed', r);
    const cut = Number(end[1]) > NGINX_EFFECTIVE_MAX_BYTES;
    return { output: cut ? r.stdout + NGINX_TRUNCATED_MARK : r.stdout };
  }

  return { getPath, setPath, manage, effective };
}
