import type { CronFence, RouteParsed, cronRoutes } from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import type { NotifyTargets } from '../../infra/notify/notify-target.js';
import type { ServerDirectory } from '../server/server.api.js';
import type { CronFenceRepository } from './cron-fence.repository.js';
import type { CronLogRepository } from './cron-log.repository.js';
import { cronColumnsOf } from './cron-columns.js';
import { presentCron, presentCronLog } from './cron.presenter.js';
import type { CronRecord, CronRepository } from './cron.repository.js';
import type { CronReader } from './cron-reader.js';
import type { CronWriter } from './cron-writer.js';
import { splitCrontab } from './crontab/crontab-lines.js';
import { checkFence } from './crontab/fence.js';
import type { CrontabRemote } from './remote/crontab-remote.js';

type AddInput = RouteParsed<typeof cronRoutes.add>;
type EditInput = RouteParsed<typeof cronRoutes.edit>;
type Form = Omit<AddInput, 'serverId' | 'resolve'>;

/** How long getLogs waits for the server's new run records before answering what is stored. */
const LOG_SYNC_MS = 8000;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

const settings = cronColumnsOf;

type Columns = ReturnType<typeof settings>;

/** The columns to put back when a write fails. */
const restorable = (r: CronRecord) => ({
  ...settings(restorableForm(r), r.notify_target),
  editor_id: r.editor_id,
  editor: r.editor,
  update_time: r.update_time,
});

/**
 * Lists, adds, changes and removes cron jobs; every change is written into the server's block at
 * once (`CronWriter`). SECURITY: a job belongs to the caller's namespace and to a server it may
 * use; any other job or server answers code 1 as if it did not exist.
 */
export function createCronService(deps: {
  jobs: CronRepository;
  logs: CronLogRepository;
  fences: CronFenceRepository;
  writer: CronWriter;
  reader: CronReader;
  remote: CrontabRemote;
  clock: Clock;
  /** Seals, opens and masks the notification address. */
  targets: NotifyTargets;
  servers: Pick<ServerDirectory, 'visible'>;
}) {
  const { jobs, writer, clock, targets } = deps;

  async function own(ctx: RequestContext, id: number): Promise<CronRecord> {
    const row = await jobs.byId(id);
    if (!row || row.namespace_id !== ctx.namespaceId) throw notFound('Cron job');
    await deps.servers.visible(ctx, row.server_id);
    return row;
  }

  /** How the server's block stands now; `unread` with the reason when it cannot be read. */
  async function fenceOf(namespaceId: number, serverId: number): Promise<CronFence> {
    const fence = await deps.fences.get(serverId);
    try {
      const read = await deps.remote.read(namespaceId, serverId);
      const stored = { checksum: fence?.block_checksum ?? '', text: fence?.block_text ?? '' };
      const { state } = checkFence(splitCrontab(read.text).lines, stored);
      return { state, user: read.user, error: '' };
    } catch (err) {
      return { state: 'unread', user: fence?.crontab_user ?? '', error: errorText(err) };
    }
  }

  /**
   * Adds a job of the caller's namespace on a server it may use (no check: the caller's), with
   * the notify address's column as given (sealed).
   */
  async function insert(
    ctx: RequestContext,
    serverId: number,
    form: Form,
    resolve: AddInput['resolve'],
    notifyTarget: string,
  ) {
    const now = clock.now();
    return writer.write(ctx.namespaceId, serverId, resolve, async () => {
      const id = await jobs.insert({
        namespace_id: ctx.namespaceId,
        server_id: serverId,
        ...settings(form, notifyTarget),
        creator_id: ctx.user.id,
        creator: ctx.user.name,
        insert_time: now,
        update_time: now,
      });
      return { result: { id }, undo: () => jobs.remove([id]) };
    });
  }

  /**
   * Changes the caller's job `id` by the columns `set` makes of it and writes the server's block
   * (undone if it fails).
   */
  async function change(
    ctx: RequestContext,
    id: number,
    resolve: AddInput['resolve'],
    set: (old: CronRecord) => Partial<Columns>,
  ): Promise<void> {
    const old = await own(ctx, id);
    const stamped = {
      ...set(old),
      editor_id: ctx.user.id,
      editor: ctx.user.name,
      update_time: clock.now(),
    };
    await writer.write(ctx.namespaceId, old.server_id, resolve, async () => {
      await jobs.update(old.id, stamped);
      return { result: undefined, undo: () => jobs.update(old.id, restorable(old)) };
    });
  }

  return {
    own,
    fenceOf,
    async list(ctx: RequestContext, serverId: number) {
      const server = await deps.servers.visible(ctx, serverId);
      const rows = await jobs.list(ctx.namespaceId, server.id);
      const [last, fence] = await Promise.all([
        deps.logs.lastRuns(rows.map((r) => Number(r.id))),
        fenceOf(ctx.namespaceId, server.id),
      ]);
      const list = rows.map((r) =>
        presentCron(r, targets.shown(r.notify_target), last.get(Number(r.id))),
      );
      return { list, fence };
    },

    async logs(ctx: RequestContext, q: RouteParsed<typeof cronRoutes.getLogs>) {
      const job = await own(ctx, q.cronId);
      if (job.server_id !== q.serverId) throw notFound('Cron job');
      let syncError = '';
      try {
        await deps.reader.read(ctx.namespaceId, job.server_id, AbortSignal.timeout(LOG_SYNC_MS));
      } catch (err) {
        syncError = errorText(err);
      }
      const page = await deps.logs.page(Number(job.id), q.page, q.rows);
      return { list: page.list.map(presentCronLog), total: page.total, syncError };
    },

    async add(ctx: RequestContext, input: AddInput) {
      const server = await deps.servers.visible(ctx, input.serverId);
      return insert(ctx, server.id, input, input.resolve, targets.column(input.notifyTarget));
    },

    /** The masked notify address sent back keeps the stored one. */
    edit(ctx: RequestContext, input: EditInput): Promise<void> {
      return change(ctx, input.id, input.resolve, (old) =>
        settings(input, targets.column(input.notifyTarget, old.notify_target)),
      );
    },

    toggle(ctx: RequestContext, input: RouteParsed<typeof cronRoutes.toggle>): Promise<void> {
      return change(ctx, input.id, input.resolve, () => ({ state: input.state }));
    },

    /** SECURITY: the notify address in clear, to those who may edit the job alone. */
    async showNotifyTarget(ctx: RequestContext, id: number) {
      const row = await own(ctx, id);
      return { notifyTarget: targets.open(row.notify_target) };
    },

    async remove(ctx: RequestContext, input: RouteParsed<typeof cronRoutes.remove>): Promise<void> {
      const old = await own(ctx, input.id);
      // Out of the block first; the job and its runs go once the crontab no longer calls it.
      await writer.write(ctx.namespaceId, old.server_id, input.resolve, async () => {
        await jobs.update(old.id, { state: 0 });
        return { result: undefined, undo: () => jobs.update(old.id, { state: old.state }) };
      });
      await jobs.remove([old.id]);
    },

    /** Copies a job to each server, each written on its own; a failure is named, not thrown. */
    async bind(ctx: RequestContext, input: RouteParsed<typeof cronRoutes.bind>) {
      const job = await own(ctx, input.id);
      const form = { ...restorableForm(job), resolve: undefined };
      const list: { serverId: number; id: number; error: string }[] = [];
      for (const serverId of input.serverIds) {
        try {
          const server = await deps.servers.visible(ctx, serverId);
          const { id } = await insert(ctx, server.id, form, undefined, job.notify_target);
          list.push({ serverId, id, error: '' });
        } catch (err) {
          list.push({ serverId, id: 0, error: errorText(err) });
        }
      }
      return { list };
    },
  };
}

/** A stored job as the form that would make it again (its notify address sealed, as stored). */
function restorableForm(r: CronRecord): Form {
  return {
    expression: r.expression,
    command: r.command,
    singleMode: r.single_mode as 0 | 1,
    logLevel: r.log_level,
    description: r.description,
    state: r.state as 0 | 1,
    notifyType: r.notify_type,
    notifyTarget: r.notify_target,
  };
}

export type CronService = ReturnType<typeof createCronService>;
