import fs from 'node:fs';
import path from 'node:path';
import { projectFileRoutes } from '@ferry/contract';
import { projectFileBody, projectFileColumns } from '../project-file/project-file.api.js';
import type { GoployProjectFile } from './goploy-rows.js';
import { eachNewRow, firstProblem, type ImportContext } from './import-context.js';

const fileForm = projectFileRoutes.addFile.input;

/**
 * A dir of goploy's repository, `<repository>/<dir>` (project files in `project-file/`, terminal
 * recordings in `terminal-log/`), the repository being `repository/` of its asset dir (or of
 * `app.repositoryPath`). `--asset-dir` may name the asset dir or the repository dir itself.
 */
export function goployRepositoryDir(assetDir: string, dir: string): string {
  const inAssetDir = path.join(assetDir, 'repository', dir);
  return fs.existsSync(inAssetDir) ? inAssetDir : path.join(assetDir, dir);
}

/**
 * A project file with the rules of `/project/addFile`, its content read from goploy's disk and
 * sealed. A file whose content is not at hand (no `--asset-dir`, or not on goploy's disk) is
 * dropped with a note, not carried empty: an empty file would be written over the working copy at
 * the next deploy, and a dropped row is carried by the next import that finds its content.
 */
export async function importProjectFiles(
  ctx: ImportContext,
  rows: GoployProjectFile[],
  assetDir: string | undefined,
) {
  const root = assetDir === undefined ? undefined : goployRepositoryDir(assetDir, 'project-file');
  await eachNewRow(ctx, 'project_file', rows, async (f) => {
    const projectId = ctx.map.target('project', f.project_id);
    if (projectId === undefined) {
      return void ctx.report.drop(
        'project_file',
        f.id,
        `names project ${f.project_id}, which was not imported`,
      );
    }
    const named = fileForm.safeParse({ projectId, filename: f.filename, content: '' });
    if (!named.success) {
      return void ctx.report.refuse('project_file', f.id, firstProblem(named.error));
    }
    const { filename } = named.data;
    if (root === undefined) {
      return void ctx.report.drop(
        'project_file',
        f.id,
        `content not found: pass --asset-dir (goploy's asset dir) to carry ${filename}`,
      );
    }
    // The filename passed the console's path rule: it stays inside the project's dir.
    const file = path.join(root, `project_${f.project_id}`, filename);
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(file);
    } catch {
      return void ctx.report.drop(
        'project_file',
        f.id,
        `content not found at ${path.relative(root, file)} under ${root}`,
      );
    }
    const read = projectFileBody(bytes);
    if ('problem' in read) {
      return void ctx.report.refuse('project_file', f.id, `content ${read.problem}`);
    }
    const taken = await ctx.tx
      .selectFrom('project_file')
      .select('id')
      .where('project_id', '=', projectId)
      .where('filename', '=', filename)
      .executeTakeFirst();
    if (taken) {
      return void ctx.report.refuse(
        'project_file',
        f.id,
        `filename ${filename} is taken by another file of the project`,
      );
    }
    ctx.report.secret('project_file', f.id, 'content');
    const row = await ctx.tx
      .insertInto('project_file')
      .values({
        project_id: projectId,
        filename,
        ...projectFileColumns(read, ctx.box),
        creator_id: 0,
        creator: '',
        editor_id: 0,
        editor: '',
        insert_time: ctx.now,
        update_time: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
}
