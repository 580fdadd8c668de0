import type { RouteParsed, serverProcessRoutes } from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import { withFreeName } from './free-name.js';
import { processItemsText } from './run-definition-columns.js';
import { presentServerProcess, processItemsOf } from './run-definition.presenter.js';
import type { RunDefinitionRepository } from './run-definition.repository.js';

type GroupForm = RouteParsed<typeof serverProcessRoutes.addProcess>;

/**
 * Server process groups: named lists of `{name, command}` buttons of a namespace. SECURITY:
 * another namespace's group answers code 1 as if it did not exist (goploy checks nothing).
 */
export function createServerProcessService(deps: { repo: RunDefinitionRepository; clock: Clock }) {
  const groups = deps.repo.serverProcesses;

  async function own(ctx: RequestContext, id: number) {
    const row = await groups.byId(id);
    if (!row || row.namespace_id !== ctx.namespaceId) throw notFound('Process');
    return row;
  }

  const save = <T>(ctx: RequestContext, name: string, write: () => Promise<T>, self?: number) =>
    withFreeName({
      holder: () => groups.named(ctx.namespaceId, name),
      self,
      message: `Process ${name} already exists`,
      reason: 'process_exists',
      write,
    });

  const itemsText = (form: GroupForm) => processItemsText(form.items);

  return {
    /** A group of the caller's namespace with its buttons; else code 1. */
    async get(ctx: RequestContext, id: number) {
      const row = await own(ctx, id);
      return { id: row.id, name: row.name, items: processItemsOf(row) };
    },

    async list(ctx: RequestContext) {
      return { list: (await groups.list(ctx.namespaceId)).map(presentServerProcess) };
    },

    async add(ctx: RequestContext, form: GroupForm) {
      const now = deps.clock.now();
      const row = {
        namespace_id: ctx.namespaceId,
        name: form.name,
        items: itemsText(form),
        insert_time: now,
        update_time: now,
      };
      return { id: await save(ctx, form.name, () => groups.insert(row)) };
    },

    async edit(ctx: RequestContext, input: GroupForm & { id: number }) {
      const row = await own(ctx, input.id);
      const set = { name: input.name, items: itemsText(input), update_time: deps.clock.now() };
      await save(ctx, input.name, () => groups.update(row.id, set), row.id);
    },

    async remove(ctx: RequestContext, id: number) {
      await groups.remove((await own(ctx, id)).id);
    },
  };
}

export type ServerProcessService = ReturnType<typeof createServerProcessService>;
