import { z } from 'zod';
import { idField, optionalIdField, stringField } from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import { MAX_PROJECT_FILE_BYTES, projectFilePathProblem } from './project-file-constants.js';

/**
 * Project files ("file sync", permission FileSync 68): goploy's routes and shapes. Their content
 * is sealed at rest and written over the working copy before the build of every deploy. The
 * project must be one the caller may configure (project page rules), in their namespace.
 */

const filenameField = stringField().superRefine((v, ctx) => {
  const problem = projectFilePathProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const contentField = stringField().refine(
  (s) => Buffer.byteLength(s, 'utf8') <= MAX_PROJECT_FILE_BYTES,
  `must be at most ${MAX_PROJECT_FILE_BYTES / 1024 / 1024} MiB`,
);

export const projectFileRow = z.object({
  id: z.number(),
  projectId: z.number(),
  filename: z.string(),
  /** Bytes of the content (ours). */
  size: z.number(),
  /**
   * Bytes that are not UTF-8 text, such as a keystore (ours): uploaded and deployed as they are,
   * never shown or edited as text (`project_file_binary`, code 2).
   */
  binary: z.boolean(),
  insertTime: z.string(),
  updateTime: z.string(),
});

export const getProjectFileList = route({
  method: 'GET',
  path: '/project/getProjectFileList',
  access: anyOf(Perm.FileSync),
  input: z.object({ id: idField }),
  output: z.object({ list: z.array(projectFileRow) }),
});

export const getProjectFileContent = route({
  method: 'GET',
  path: '/project/getProjectFileContent',
  access: anyOf(Perm.FileSync),
  input: z.object({ id: idField }),
  output: z.object({ content: z.string() }),
});

export const addFile = route({
  method: 'POST',
  path: '/project/addFile',
  access: anyOf(Perm.FileSync),
  input: z.object({ projectId: idField, filename: filenameField, content: contentField }),
  output: z.object({ id: z.number() }),
  secretInput: ['content'],
});

export const editFile = route({
  method: 'PUT',
  path: '/project/editFile',
  access: anyOf(Perm.FileSync),
  input: z.object({ id: idField, content: contentField }),
  output: z.null(),
  secretInput: ['content'],
});

/**
 * goploy's multipart upload: part `file`, query `projectFileId` (0 adds a file), `projectId` and
 * `filename`. UTF-8 text is kept as text; any other bytes as a binary file, as goploy takes any
 * file. At most `MAX_PROJECT_FILE_BYTES` either way.
 */
export const uploadFile = route({
  method: 'POST',
  path: '/project/uploadFile',
  access: anyOf(Perm.FileSync),
  body: 'multipart',
  input: z.object({
    projectFileId: optionalIdField,
    projectId: idField,
    filename: filenameField,
  }),
  output: z.object({ id: z.number() }),
});

export const removeFile = route({
  method: 'DELETE',
  path: '/project/removeFile',
  access: anyOf(Perm.FileSync),
  input: z.object({ projectFileId: idField }),
  output: z.null(),
});
