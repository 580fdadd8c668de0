import {
  cronCommandProblem,
  isCronExpression,
  normalizeCronExpression,
  type CrontabLine,
  type CrontabSource,
  type RouteParsed,
  type crontabRoutes,
} from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import { failed, invalid } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import type { ServerDirectory } from '../server/server.api.js';
import type { CronFenceRepository } from './cron-fence.repository.js';
import type { CronRecord, CronRepository } from './cron.repository.js';
import type { CronWriter } from './cron-writer.js';
import {
  joinCrontab,
  parseCrontabLine,
  splitCrontab,
  splitCronCommand,
} from './crontab/crontab-lines.js';
import { jobIdOfLine } from './crontab/cron-line.js';
import { checkFence, findBlock } from './crontab/fence.js';
import type { CrontabRemote } from './remote/crontab-remote.js';

const none = { expression: '', command: '', runAs: '', cronId: 0 };

/** The lines of a crontab as the Crontab UI shows them; the block's lines name their jobs. */
function describeLines(
  text: string,
  system: boolean,
  jobs: Map<number, CronRecord>,
  namespaceId: number,
): CrontabLine[] {
  const { lines } = splitCrontab(text);
  const block = system ? undefined : findBlock(lines);
  return lines.map((line, i) => {
    const lineNo = i + 1;
    if (block && (i === block.begin || (block.closed && i === block.end))) {
      return { lineNo, text: line, kind: 'fence', ...none };
    }
    if (block && i > block.begin && i <= block.end) {
      const job = jobs.get(jobIdOfLine(line));
      const mine = job?.namespace_id === namespaceId;
      const parsed = parseCrontabLine(line);
      return {
        lineNo,
        text: line,
        kind: 'managed',
        ...none,
        expression: parsed.kind === 'job' ? parsed.expression : '',
        command: parsed.kind === 'job' && mine ? (job?.command ?? '') : '',
        cronId: mine ? Number(job?.id ?? 0) : 0,
      };
    }
    const parsed = parseCrontabLine(line, system);
    return { lineNo, text: line, ...parsed, cronId: 0 };
  });
}

/** A job line outside the block as a job's form; the rule it breaks otherwise. */
function importable(
  line: CrontabLine | undefined,
): { expression: string; command: string } | string {
  if (line?.kind !== 'job') return 'must name job lines outside the block';
  if (!isCronExpression(line.expression))
    return `line ${line.lineNo} has a schedule Ferry does not take`;
  const { command, input } = splitCronCommand(line.command);
  if (input !== undefined)
    return `line ${line.lineNo} feeds its command input through %, which a job cannot hold`;
  const problem = cronCommandProblem(command);
  if (problem) return `line ${line.lineNo}: the command ${problem}`;
  return { expression: normalizeCronExpression(line.expression), command };
}

/**
 * The Crontab UI: every crontab the SSH user may read, the import of job lines outside the block
 * (moved into it in one write), and goploy's `getRemoteCrontabList`. SECURITY: only servers the
 * caller may use; only the SSH user's own crontab is ever written.
 */
export function createCrontabService(deps: {
  jobs: CronRepository;
  fences: CronFenceRepository;
  writer: CronWriter;
  remote: CrontabRemote;
  clock: Clock;
  servers: Pick<ServerDirectory, 'visible'>;
}) {
  return {
    async get(ctx: RequestContext, serverId: number) {
      const server = await deps.servers.visible(ctx, serverId);
      const [read, others, fence] = await Promise.all([
        deps.remote.read(ctx.namespaceId, server.id),
        deps.remote.readOthers(ctx.namespaceId, server.id),
        deps.fences.get(server.id),
      ]);
      const stored = { checksum: fence?.block_checksum ?? '', text: fence?.block_text ?? '' };
      const check = checkFence(splitCrontab(read.text).lines, stored);
      const ids = splitCrontab(read.text)
        .lines.map(jobIdOfLine)
        .filter((id) => id > 0);
      const jobs = new Map(
        (await deps.jobs.byIds([...new Set(ids)])).map((j) => [Number(j.id), j]),
      );
      const own: CrontabSource = {
        source: 'crontab',
        user: read.user,
        editable: true,
        lines: describeLines(read.text, false, jobs, ctx.namespaceId),
      };
      const rest = others.map((o): CrontabSource => {
        const system = !o.source.startsWith('crontab:');
        return {
          source: o.source,
          user: system ? 'root' : o.source.slice('crontab:'.length),
          editable: false,
          lines: describeLines(o.text ?? '', system, jobs, ctx.namespaceId),
        };
      });
      return {
        user: read.user,
        checksum: read.checksum,
        fence: {
          state: check.state,
          user: read.user,
          error: '',
          expected: stored.text,
          current: check.current,
        },
        sources: [own, ...rest],
      };
    },

    async importLines(ctx: RequestContext, input: RouteParsed<typeof crontabRoutes.importLines>) {
      const server = await deps.servers.visible(ctx, input.serverId);
      return deps.writer.write(ctx.namespaceId, server.id, undefined, async (read) => {
        if (read.checksum !== input.checksum) {
          throw failed('The crontab changed since it was read: read it again', 'crontab_changed');
        }
        const lines = describeLines(read.text, false, new Map(), ctx.namespaceId);
        const chosen = [...new Set(input.lineNos)].map((n) => importable(lines[n - 1]));
        const bad = chosen.find((c) => typeof c === 'string');
        if (typeof bad === 'string') throw invalid('lineNos', bad);
        const now = deps.clock.now();
        const ids: number[] = [];
        for (const form of chosen as { expression: string; command: string }[]) {
          ids.push(
            await deps.jobs.insert({
              namespace_id: ctx.namespaceId,
              server_id: server.id,
              ...form,
              creator_id: ctx.user.id,
              creator: ctx.user.name,
              insert_time: now,
              update_time: now,
            }),
          );
        }
        const t = splitCrontab(read.text);
        const taken = new Set(input.lineNos.map((n) => n - 1));
        const text = joinCrontab({ ...t, lines: t.lines.filter((_, i) => !taken.has(i)) });
        return { result: { ids }, text, undo: () => deps.jobs.remove(ids) };
      });
    },

    /** goploy's route: each non-comment, non-blank line of the SSH user's crontab. */
    async remoteList(ctx: RequestContext, serverId: number) {
      const server = await deps.servers.visible(ctx, serverId);
      const read = await deps.remote.read(ctx.namespaceId, server.id);
      const list = splitCrontab(read.text).lines.filter((l) => {
        const kind = parseCrontabLine(l).kind;
        return kind !== 'blank' && kind !== 'comment';
      });
      return { list };
    },
  };
}

export type CrontabService = ReturnType<typeof createCrontabService>;
