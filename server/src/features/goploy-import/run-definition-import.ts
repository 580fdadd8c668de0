import { projectProcessRoutes, scriptTemplateRoutes, serverProcessRoutes } from '@ferry/contract';
import { processItemsText } from '../run-definition/run-definition.api.js';
import type {
  GoployNamespace,
  GoployProjectProcess,
  GoployServerProcess,
  GoployTemplate,
} from './goploy-rows.js';
import { eachNewRow, firstProblem, type ImportContext } from './import-context.js';

const groupForm = serverProcessRoutes.addProcess.input;
const templateForm = scriptTemplateRoutes.add.input;
const processForm = projectProcessRoutes.addProcess.input;

/**
 * A namespace's server process group with the rules of `/server/addProcess`. goploy leaves
 * `items` null on a group without buttons: it comes in empty. goploy does not keep names unique;
 * the console does (the page picks a group by name), so a second group of the same name in a
 * namespace is refused, to be renamed in goploy.
 */
export async function importServerProcesses(ctx: ImportContext, rows: GoployServerProcess[]) {
  await eachNewRow(ctx, 'server_process', rows, async (g) => {
    const namespaceId = ctx.map.target('namespace', g.namespace_id);
    if (namespaceId === undefined) {
      return void ctx.report.drop(
        'server_process',
        g.id,
        `is in namespace ${g.namespace_id}, which was not imported`,
      );
    }
    const form = groupForm.safeParse({ name: g.name, items: g.items ?? [] });
    if (!form.success) {
      return void ctx.report.refuse('server_process', g.id, firstProblem(form.error));
    }
    const taken = await ctx.tx
      .selectFrom('server_process')
      .select('id')
      .where('namespace_id', '=', namespaceId)
      .where('name', '=', form.data.name)
      .executeTakeFirst();
    if (taken) {
      return void ctx.report.refuse(
        'server_process',
        g.id,
        `name ${form.data.name} is taken by another group of the namespace`,
      );
    }
    const row = await ctx.tx
      .insertInto('server_process')
      .values({
        namespace_id: namespaceId,
        name: form.data.name,
        items: processItemsText(form.data.items),
        insert_time: ctx.now,
        update_time: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
}

/** The console's namespaces that goploy's became or joined: where goploy's global rows go. */
export const importedNamespaces = (ctx: ImportContext, namespaces: GoployNamespace[]) => [
  ...new Set(namespaces.flatMap((n) => ctx.map.target('namespace', n.id) ?? [])),
];

/**
 * goploy's saved scripts with the rules of `/template/add`. goploy's are global; the console's
 * belong to a namespace, so each is copied into every namespace the import carried (all of
 * goploy's members saw it), as a bash script (goploy's are). A namespace that already has a script
 * of that type and name keeps its own, with a note; the goploy row maps to its first copy.
 */
export async function importTemplates(
  ctx: ImportContext,
  rows: GoployTemplate[],
  namespaces: GoployNamespace[],
) {
  const targets = importedNamespaces(ctx, namespaces);
  await eachNewRow(ctx, 'template', rows, async (s) => {
    const form = templateForm.safeParse({
      type: s.type,
      name: s.name,
      content: s.content,
      description: s.description,
      interpreter: 'bash',
    });
    if (!form.success) return void ctx.report.refuse('template', s.id, firstProblem(form.error));
    const ids: number[] = [];
    for (const namespaceId of targets) {
      const taken = await ctx.tx
        .selectFrom('template')
        .select('id')
        .where('namespace_id', '=', namespaceId)
        .where('type', '=', form.data.type)
        .where('name', '=', form.data.name)
        .executeTakeFirst();
      if (taken) {
        ctx.report.note(
          'template',
          s.id,
          `namespace ${namespaceId} already has a script named ${form.data.name}: it keeps its own`,
        );
        continue;
      }
      const row = await ctx.tx
        .insertInto('template')
        .values({
          namespace_id: namespaceId,
          ...form.data,
          insert_time: ctx.now,
          update_time: ctx.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    if (ids.length === 0) {
      return void ctx.report.drop('template', s.id, 'no imported namespace could take it');
    }
    return { id: ids[0]! };
  });
}

/**
 * A project's process with the rules of `/project/addProcess`, in its project's namespace. Names
 * are unique in a project in the console (goploy does not check): a second one is refused.
 */
export async function importProjectProcesses(ctx: ImportContext, rows: GoployProjectProcess[]) {
  await eachNewRow(ctx, 'project_process', rows, async (p) => {
    const projectId = ctx.map.target('project', p.project_id);
    if (projectId === undefined) {
      return void ctx.report.drop(
        'project_process',
        p.id,
        `names project ${p.project_id}, which was not imported`,
      );
    }
    const form = processForm.safeParse({
      projectId,
      name: p.name,
      status: p.status,
      start: p.start,
      stop: p.stop,
      restart: p.restart,
    });
    if (!form.success) {
      return void ctx.report.refuse('project_process', p.id, firstProblem(form.error));
    }
    const taken = await ctx.tx
      .selectFrom('project_process')
      .select('id')
      .where('project_id', '=', projectId)
      .where('name', '=', form.data.name)
      .executeTakeFirst();
    if (taken) {
      return void ctx.report.refuse(
        'project_process',
        p.id,
        `name ${form.data.name} is taken by another process of the project`,
      );
    }
    const project = await ctx.tx
      .selectFrom('project')
      .select('namespace_id')
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    const { name, status, start, stop, restart } = form.data;
    const row = await ctx.tx
      .insertInto('project_process')
      .values({
        namespace_id: project.namespace_id,
        project_id: projectId,
        name,
        status,
        start,
        stop,
        restart,
        insert_time: ctx.now,
        update_time: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
}
