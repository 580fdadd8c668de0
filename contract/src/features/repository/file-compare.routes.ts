import { z } from 'zod';
import { idField } from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import { FILE_COMPARE_STATES } from './repository-paths.js';
import { copyFileField } from './repository.routes.js';

/**
 * File compare (permission FileCompare 67): a file of a project's working copy next to
 * `<deploy path>/<file>` on every server bound to the project, in parallel. goploy's routes and
 * shapes; `reason` (ours) says what went wrong for the two error states.
 */

export const fileCompare = route({
  method: 'POST',
  path: '/deploy/fileCompare',
  access: anyOf(Perm.FileCompare),
  input: z.object({ projectId: idField, filePath: copyFileField }),
  output: z.array(
    z.object({
      serverId: z.number(),
      serverName: z.string(),
      serverIP: z.string(),
      status: z.enum(FILE_COMPARE_STATES),
      isModified: z.boolean(),
      reason: z.string(),
    }),
  ),
  audit: false,
});

/**
 * The texts of both sides for a diff view: the working copy's file (`srcText`) and the server's
 * (`distText`, '' when it has none), each at most 2 MiB (code 2 `file_too_large` beyond).
 */
export const fileDiff = route({
  method: 'POST',
  path: '/deploy/fileDiff',
  access: anyOf(Perm.FileCompare),
  input: z.object({ projectId: idField, serverId: idField, filePath: copyFileField }),
  output: z.object({ srcText: z.string(), distText: z.string() }),
  audit: false,
});
