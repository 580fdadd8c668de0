import type { RouteParsed, warningRuleRoutes } from '@ferry/contract';
import type { Clock } from '../../../core/clock.js';
import { notFound } from '../../../core/errors.js';
import type { RequestContext } from '../../../core/http/context.js';
import type { NotifyTargets } from '../../../infra/notify/notify-target.js';
import type { ServerDirectory } from '../../server/server.api.js';
import { presentRule } from './rule.presenter.js';
import type { RuleRepository } from './rule.repository.js';
import { ruleColumnsOf } from './rule-columns.js';

type AddInput = RouteParsed<typeof warningRuleRoutes.addMonitor>;
type EditInput = RouteParsed<typeof warningRuleRoutes.editMonitor>;
type Form = Omit<AddInput, 'serverId'>;

/**
 * Who lists, adds, changes and removes warning rules. SECURITY: a rule belongs to the caller's
 * namespace and to a server it may use (its own or a shared one); any other rule or server
 * answers code 1 as if it did not exist.
 */
export function createRuleService(deps: {
  repo: RuleRepository;
  clock: Clock;
  /** Seals, opens and masks the notification address. */
  targets: NotifyTargets;
  servers: Pick<ServerDirectory, 'visible'>;
}) {
  const { repo, clock, targets } = deps;

  async function own(ctx: RequestContext, id: number) {
    const row = await repo.byId(id);
    if (!row || row.namespace_id !== ctx.namespaceId) throw notFound('Warning rule');
    await deps.servers.visible(ctx, row.server_id);
    return row;
  }

  const settings = (form: Form, now: number, stored?: string) =>
    ruleColumnsOf(form, now, targets, stored);

  return {
    async list(ctx: RequestContext, serverId: number) {
      const server = await deps.servers.visible(ctx, serverId);
      const rows = await repo.list(ctx.namespaceId, server.id);
      return { list: rows.map((r) => presentRule(r, targets.shown(r.notify_target))) };
    },

    async add(ctx: RequestContext, input: AddInput) {
      const server = await deps.servers.visible(ctx, input.serverId);
      const now = clock.now();
      const id = await repo.insert({
        ...settings(input, now),
        namespace_id: ctx.namespaceId,
        server_id: server.id,
        creator_id: ctx.user.id,
        creator: ctx.user.name,
        insert_time: now,
      });
      return { id };
    },

    /** New settings start the evaluation anew; an evaluation under way keeps its result to itself. */
    async edit(ctx: RequestContext, input: EditInput) {
      const row = await own(ctx, input.id);
      const serverId = input.serverId ?? row.server_id;
      if (serverId !== row.server_id) await deps.servers.visible(ctx, serverId);
      const set = settings(input, clock.now(), row.notify_target);
      await repo.update(row.id, { ...set, server_id: serverId });
    },

    /** SECURITY: the notify address in clear, to those who may edit the rule alone. */
    async showNotifyTarget(ctx: RequestContext, id: number) {
      const row = await own(ctx, id);
      return { notifyTarget: targets.open(row.notify_target) };
    },

    async remove(ctx: RequestContext, id: number) {
      await repo.remove((await own(ctx, id)).id);
    },
  };
}

export type RuleService = ReturnType<typeof createRuleService>;
