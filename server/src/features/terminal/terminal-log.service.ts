import fs from 'node:fs';
import type { RouteParsed, logRoutes } from '@ferry/contract';
import { failed, notFound } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import { openCastStream } from './asciicast-recorder.js';
import { resolveRecordingFile } from './recording-path.js';
import { presentTerminalLog } from './terminal-log.presenter.js';
import type { TerminalLogRepository } from './terminal-log.repository.js';

type ListInput = RouteParsed<typeof logRoutes.getTerminalLogList>;
type TotalInput = RouteParsed<typeof logRoutes.getTerminalLogTotal>;

/** Terminal logs are scoped to the caller's namespace unless a super manager asks (goploy). */
const scope = (ctx: RequestContext) => (ctx.user.superManager === 1 ? undefined : ctx.namespaceId);

export function createTerminalLogService(deps: { logs: TerminalLogRepository; sharedDir: string }) {
  const { logs } = deps;
  return {
    async list(ctx: RequestContext, input: ListInput) {
      const filter = { ...input, namespaceId: scope(ctx) };
      return (await logs.list(filter, input.page, input.rows)).map(presentTerminalLog);
    },

    total: (ctx: RequestContext, input: TotalInput) =>
      logs.total({ ...input, namespaceId: scope(ctx) }),

    /**
     * The decompressed recording of terminal log `id` and its download name. Code 1 for a record
     * of another namespace (never telling whether it exists); code 2 `record_missing` when the
     * session was not recorded or its file is gone; `record_pruned` when retention removed it.
     */
    async record(ctx: RequestContext, id: number) {
      const row = await logs.findById(id);
      const ns = scope(ctx);
      if (!row || (ns !== undefined && row.namespace_id !== ns)) throw notFound('Terminal record');
      if (row.record_pruned === 1) {
        throw failed('The recording of this terminal session was pruned', 'record_pruned');
      }
      const file = resolveRecordingFile(deps.sharedDir, row.record_file);
      const present = file
        ? await fs.promises.stat(file).then(
            (s) => s.isFile(),
            () => false,
          )
        : false;
      if (!file || !present) {
        throw failed('The recording of this terminal session is missing', 'record_missing');
      }
      return { stream: openCastStream(file), filename: `${row.id}.cast` };
    },
  };
}

export type TerminalLogService = ReturnType<typeof createTerminalLogService>;
