import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import {
  HubType,
  scriptRoutes,
  serverRoutes,
  type RemoteRunMessage,
  type RouteOutput,
} from '@ferry/contract/client';
import type { Command, CommandContext } from '../command.js';
import { CliError, ExitCode, usageError } from '../exit-codes.js';
import type { Hub } from '../hub.js';
import { pickServers } from '../lookup.js';

type RunDetail = RouteOutput<typeof scriptRoutes.getScriptRun>;

const ENDED_RUN = new Set(['ok', 'failed', 'stopped', 'interrupted']);

export const runCommand: Command = {
  name: 'run',
  summary: "Runs a script on servers at once (a batch script); prints each server's output.",
  args: ['SCRIPT'],
  usage: '--servers a,b [--interpreter bash|sh|python]',
  optionHelp: [
    ['SCRIPT', 'a file with the script, or - to read it from stdin'],
    ['--servers a,b', 'the servers, by name or id'],
    ['--interpreter I', 'bash (default), sh or python'],
  ],
  notes: ["Exit codes: 0 every server's script succeeded, 1 one failed, 2 refused."],
  options: { servers: { type: 'string' }, interpreter: { type: 'string' } },
  async run(ctx) {
    const { client, values } = ctx;
    if (typeof values.servers !== 'string') throw usageError('--servers is missing');
    const interpreter = typeof values.interpreter === 'string' ? values.interpreter : 'bash';
    if (!['bash', 'sh', 'python'].includes(interpreter)) {
      throw usageError('--interpreter must be bash, sh or python');
    }
    const script = await readScript(ctx);
    const { list } = await client.call(serverRoutes.getOption, {});
    const serverIds = pickServers(list, values.servers);
    const detail = await runAndWait(ctx, {
      serverIds,
      script,
      interpreter: interpreter as 'bash',
    });
    return report(ctx, detail);
  },
};

async function readScript(ctx: CommandContext): Promise<string> {
  const source = ctx.positionals[0]!;
  let script: string;
  try {
    script = source === '-' ? await ctx.readStdin() : fs.readFileSync(source, 'utf8');
  } catch (err) {
    throw usageError(`cannot read the script ${source}: ${(err as NodeJS.ErrnoException).code}`);
  }
  if (!script.trim()) throw usageError('the script is empty');
  return script;
}

/**
 * Starts the run watched on the hub (a `watch:` topic subscribed before the run starts, so its
 * end cannot be missed), waits for the run as a whole to end, then reads its record.
 */
async function runAndWait(
  ctx: CommandContext,
  input: { serverIds: number[]; script: string; interpreter: 'bash' },
): Promise<RunDetail> {
  const watchId = `ferry-${randomBytes(8).toString('hex')}`;
  let ended: () => void = () => undefined;
  const end = new Promise<void>((resolve) => (ended = resolve));
  let hub: Hub | undefined;
  try {
    hub = await ctx.openHub(ctx.client.connection, (frame) => {
      if (frame.type !== HubType.remoteRun) return;
      const m = frame.message as RemoteRunMessage;
      if (m.serverId === 0 && m.state && ENDED_RUN.has(m.state)) ended();
    });
    hub.send({ op: 'subscribe', token: `watch:${watchId}` });
    const started = await ctx.client.call(scriptRoutes.execScript, {
      ...input,
      stream: 1,
      watchId,
    });
    if (Array.isArray(started))
      throw new CliError('the console did not stream the run', ExitCode.failed);
    const runId = started.runId;
    ctx.out.progress(`running on ${started.servers.map((s) => s.serverName).join(', ')}`);
    // A run that ended before the subscription took hold is already recorded as ended.
    const now = await ctx.client.call(scriptRoutes.getScriptRun, { id: runId });
    if (ENDED_RUN.has(now.state)) return now;
    await Promise.race([end, hub.closed.then(() => undefined)]);
    const after = await ctx.client.call(scriptRoutes.getScriptRun, { id: runId });
    if (!ENDED_RUN.has(after.state)) {
      throw new CliError(`lost the console's hub while run ${runId} was running`, ExitCode.failed);
    }
    return after;
  } finally {
    ctx.out.clearProgress();
    hub?.close();
  }
}

function report(ctx: CommandContext, run: RunDetail) {
  const { out } = ctx;
  const servers = run.serverList.map((s) => ({
    serverId: s.serverId,
    server: s.serverName,
    state: s.state,
    exitCode: s.exitCode,
    error: s.error,
    output: s.output,
    durationMs: s.durationMs,
  }));
  const ok = run.state === 'ok';
  if (out.json) {
    out.document({ runId: run.id, state: run.state, servers });
  } else {
    for (const s of servers) {
      const good = s.state === 'ok';
      const tail = `exit ${s.exitCode ?? '-'}${s.error ? `: ${s.error}` : ''}`;
      out.line(
        out.bold(`== ${s.server} (${good ? out.green(s.state) : out.red(s.state)}, ${tail})`),
      );
      for (const line of s.output.replace(/\n$/, '').split('\n')) out.line(line);
    }
  }
  if (!ok)
    out.error(
      `the script failed on ${servers
        .filter((s) => s.state !== 'ok')
        .map((s) => s.server)
        .join(', ')}`,
    );
  return ok ? ExitCode.ok : ExitCode.failed;
}
