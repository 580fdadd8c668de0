import { MAX_PROJECT_FILES, type projectFileRoutes, type RouteParsed } from '@ferry/contract';
import { formatTime, type Clock } from '../../core/clock.js';
import type { SecretBox } from '../../core/crypto.js';
import { failed, invalid, notFound } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import type { ProjectAccess } from '../project/project.api.js';
import {
  openedProjectFile,
  projectFileBody,
  projectFileColumns,
  type ProjectFileBody,
} from './project-file-columns.js';
import type { ProjectFileRepository } from './project-file.repository.js';

type Route = Exclude<keyof typeof projectFileRoutes, 'projectFileRow'>;
type Input<K extends Route> = RouteParsed<(typeof projectFileRoutes)[K]>;
type FileRow = NonNullable<Awaited<ReturnType<ProjectFileRepository['find']>>>;

/** Whether two paths cannot both be files: equal, or one a directory of the other. */
const clash = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

const present = (r: FileRow) => ({
  id: r.id,
  projectId: r.project_id,
  filename: r.filename,
  size: r.size,
  binary: r.is_binary === 1,
  insertTime: formatTime(r.insert_time),
  updateTime: formatTime(r.update_time),
});

/**
 * Project files: sealed at rest, shown and changed only by those who may configure the project
 * (project page rules), in its namespace.
 */
export function createProjectFiles(deps: {
  files: ProjectFileRepository;
  projects: ProjectAccess;
  box: SecretBox;
  clock: Clock;
}) {
  const { files, projects, box, clock } = deps;
  const author = (ctx: RequestContext) => ({ id: ctx.user.id, name: ctx.user.name });

  /** File `id` of a project the caller may configure; code 1 otherwise. */
  async function ownFile(ctx: RequestContext, id: number): Promise<FileRow> {
    const row = await files.find(id);
    if (!row) throw notFound('Project file');
    await projects.editable(ctx, row.project_id);
    return row;
  }

  /** Refuses a path another file of the project holds, or a directory of one (code 2). */
  async function checkFree(projectId: number, filename: string, except?: number) {
    const others = (await files.list(projectId)).filter((f) => f.id !== except);
    const taken = others.find((f) => clash(f.filename, filename));
    if (taken) {
      const message =
        taken.filename === filename
          ? `The project already has a file ${filename}`
          : `${filename} and ${taken.filename} cannot both be files`;
      throw failed(message, 'project_file_exists');
    }
    if (except === undefined && others.length >= MAX_PROJECT_FILES) {
      throw failed(`A project holds at most ${MAX_PROJECT_FILES} files`, 'project_files_full');
    }
  }

  const sealed = (body: ProjectFileBody) => projectFileColumns(body, box);

  /** A binary file is never shown or edited as text: code 2, saying how to change it. */
  function textual(row: FileRow): void {
    if (row.is_binary) {
      throw failed(
        `${row.filename} is a binary file: it cannot be shown or edited as text; upload a new version instead`,
        'project_file_binary',
      );
    }
  }

  return {
    async list(ctx: RequestContext, projectId: number) {
      await projects.editable(ctx, projectId);
      return { list: (await files.list(projectId)).map(present) };
    },

    async content(ctx: RequestContext, id: number) {
      textual(await ownFile(ctx, id));
      return { content: box.open((await files.content(id)) ?? '') };
    },

    async add(ctx: RequestContext, input: Input<'addFile'>) {
      await projects.editable(ctx, input.projectId);
      await checkFree(input.projectId, input.filename);
      const values = { filename: input.filename, ...sealed({ text: input.content }) };
      return { id: await files.insert(input.projectId, values, author(ctx), clock.now()) };
    },

    async edit(ctx: RequestContext, input: Input<'editFile'>) {
      textual(await ownFile(ctx, input.id));
      await files.update(input.id, sealed({ text: input.content }), author(ctx), clock.now());
      return null;
    },

    /** goploy's upload: a new file (no `projectFileId`) or a new content and name for one. */
    async upload(ctx: RequestContext, input: Input<'uploadFile'>, read: () => Promise<Buffer>) {
      await projects.editable(ctx, input.projectId);
      const existing = input.projectFileId ? await ownFile(ctx, input.projectFileId) : undefined;
      if (existing && existing.project_id !== input.projectId) throw notFound('Project file');
      await checkFree(input.projectId, input.filename, existing?.id);
      const values = { filename: input.filename, ...sealed(bodyOf(await read())) };
      if (!existing) {
        return { id: await files.insert(input.projectId, values, author(ctx), clock.now()) };
      }
      await files.update(existing.id, values, author(ctx), clock.now());
      return { id: existing.id };
    },

    async remove(ctx: RequestContext, input: Input<'removeFile'>) {
      await ownFile(ctx, input.projectFileId);
      await files.remove(input.projectFileId);
      return null;
    },

    /** Every file of a project in clear, for its deploy. SECURITY: for the working copy alone. */
    async forDeploy(projectId: number) {
      return (await files.withContent(projectId)).map((f) => ({
        filename: f.filename,
        content: openedProjectFile(f, box),
      }));
    },
  };
}

export type ProjectFiles = ReturnType<typeof createProjectFiles>;

/** The uploaded bytes as a file's content: at most the size limit (10003 naming `file` otherwise). */
function bodyOf(bytes: Buffer): ProjectFileBody {
  const read = projectFileBody(bytes);
  if ('problem' in read) throw invalid('file', read.problem);
  return read;
}
