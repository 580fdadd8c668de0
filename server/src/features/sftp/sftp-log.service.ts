import type { logRoutes, RouteParsed, SftpLogType } from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import type { ShortLived } from '../../db/short-lived.js';
import { presentSftpLog } from './sftp-log.presenter.js';
import type { SftpLogRepository } from './sftp-log.repository.js';

type ListInput = RouteParsed<typeof logRoutes.getSftpLogList>;
type TotalInput = RouteParsed<typeof logRoutes.getSftpLogTotal>;

/** A listing of the same directory by the same user is logged at most once in this window. */
export const READ_LOG_WINDOW_MS = 60_000;
/** Every this many listings, the marks of windows past are removed. */
const PRUNE_READS_EVERY = 500;

/** One file-manager action, as the log records it. */
export interface SftpAction {
  serverId: number;
  type: SftpLogType;
  /** The file or directory acted on. */
  path: string;
  /** The other side: a new name, a copy, destinations, bytes. */
  detail?: string;
}

/** SFTP logs are scoped to the caller's namespace unless a super manager asks (goploy). */
const scope = (ctx: RequestContext) => (ctx.user.superManager === 1 ? undefined : ctx.namespaceId);

/** The message a failed action is logged with: what the user was told. */
export function failureReason(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  return String(err);
}

/** The SFTP log: its list routes, and the one place every file-manager action is recorded. */
export function createSftpLogService(deps: {
  logs: SftpLogRepository;
  clock: Clock;
  /** The listings logged within the window, kept for every console on the database. */
  reads: ShortLived;
}) {
  const { logs, clock, reads } = deps;
  let claims = 0;

  /**
   * Whether a listing is the first of its kind within the window, over all consoles. When the
   * database cannot say, it is logged: a row too many rather than a row missing.
   */
  async function firstRead(ctx: RequestContext, action: SftpAction, reason: string) {
    const key = [ctx.namespaceId, ctx.user.id, action.serverId, reason === '', action.path].join(
      '\0',
    );
    const now = clock.now();
    try {
      // The marks of past windows go now and then, so that they do not pile up.
      if (++claims % PRUNE_READS_EVERY === 0) await reads.prune(now);
      return await reads.claimOnce(key, now + READ_LOG_WINDOW_MS, now);
    } catch (err) {
      ctx.log.error({ err }, 'sftp read window not checked');
      return true;
    }
  }

  /**
   * Writes the row. A failure to write is logged, never thrown: the action itself happened (or
   * failed) either way, and the user is told about the action.
   */
  async function record(ctx: RequestContext, action: SftpAction, reason: string): Promise<void> {
    if (action.type === 'READ' && !(await firstRead(ctx, action, reason))) return;
    try {
      await logs.insert({
        namespaceId: ctx.namespaceId,
        userId: ctx.user.id,
        serverId: action.serverId,
        remoteAddr: ctx.ip,
        userAgent: ctx.userAgent,
        type: action.type,
        path: action.path,
        reason,
        detail: action.detail ?? '',
        insertTime: clock.now(),
      });
    } catch (err) {
      ctx.log.error({ err, sftpAction: action.type }, 'sftp log row not written');
    }
  }

  return {
    async list(ctx: RequestContext, input: ListInput) {
      const filter = { ...input, namespaceId: scope(ctx) };
      return (await logs.list(filter, input.page, input.rows)).map(presentSftpLog);
    },

    total: (ctx: RequestContext, input: TotalInput) =>
      logs.total({ ...input, namespaceId: scope(ctx) }),

    /** Records an action that succeeded. */
    ok: (ctx: RequestContext, action: SftpAction) => record(ctx, action, ''),

    /** Records an action that failed, with why. */
    failed: (ctx: RequestContext, action: SftpAction, err: unknown) =>
      record(ctx, action, failureReason(err)),

    /**
     * Runs `work` and records its outcome: `detail` may be computed from its result. Rethrows
     * the failure after recording it. A refusal before anything touched the server (code 1, no
     * right to the server) is not an action and is not recorded.
     */
    async around<T>(
      ctx: RequestContext,
      action: SftpAction,
      work: () => Promise<T>,
      detailOf?: (result: T) => string,
    ): Promise<T> {
      let result: T;
      try {
        result = await work();
      } catch (err) {
        if (!(err instanceof AppError && err.code === 1))
          await record(ctx, action, failureReason(err));
        throw err;
      }
      const detail = detailOf ? detailOf(result) : action.detail;
      await record(ctx, { ...action, detail }, '');
      return result;
    },
  };
}

export type SftpLogService = ReturnType<typeof createSftpLogService>;
