import type { RouteParsed, scriptTemplateRoutes } from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import { withFreeName } from './free-name.js';
import { presentTemplate } from './run-definition.presenter.js';
import type { RunDefinitionRepository } from './run-definition.repository.js';

type TemplateForm = RouteParsed<typeof scriptTemplateRoutes.add>;

/**
 * Saved scripts of the Script page. SECURITY: goploy's are global; ours belong to the caller's
 * namespace, and another namespace's template answers code 1 as if it did not exist.
 */
export function createScriptTemplateService(deps: { repo: RunDefinitionRepository; clock: Clock }) {
  const templates = deps.repo.templates;

  async function own(ctx: RequestContext, id: number) {
    const row = await templates.byId(id);
    if (!row || row.namespace_id !== ctx.namespaceId) throw notFound('Template');
    return row;
  }

  const save = <T>(
    ctx: RequestContext,
    form: TemplateForm,
    write: () => Promise<T>,
    self?: number,
  ) =>
    withFreeName({
      holder: () => templates.named(ctx.namespaceId, form.type, form.name),
      self,
      message: `Template ${form.name} already exists`,
      reason: 'template_exists',
      write,
    });

  const fields = (form: TemplateForm) => ({
    type: form.type,
    name: form.name,
    interpreter: form.interpreter,
    content: form.content,
    description: form.description,
  });

  return {
    async list(ctx: RequestContext, type: number) {
      return { list: (await templates.list(ctx.namespaceId, type)).map(presentTemplate) };
    },

    async add(ctx: RequestContext, form: TemplateForm) {
      const now = deps.clock.now();
      const id = await save(ctx, form, () =>
        templates.insert({
          namespace_id: ctx.namespaceId,
          ...fields(form),
          insert_time: now,
          update_time: now,
        }),
      );
      return { id };
    },

    async edit(ctx: RequestContext, input: TemplateForm & { id: number }) {
      const row = await own(ctx, input.id);
      const set = { ...fields(input), update_time: deps.clock.now() };
      await save(ctx, input, () => templates.update(row.id, set), row.id);
    },

    async remove(ctx: RequestContext, id: number) {
      await templates.remove((await own(ctx, id)).id);
    },
  };
}

export type ScriptTemplateService = ReturnType<typeof createScriptTemplateService>;
