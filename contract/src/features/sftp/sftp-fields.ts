import { z } from 'zod';
import { stringField } from '../../fields.js';
import { fileNameProblem, normaliseRemotePath, remotePathProblem } from './sftp-constants.js';

export * from './sftp-constants.js';

/** An absolute remote path, checked by `remotePathProblem` and normalised. */
export const remotePathField = stringField()
  .superRefine((v, ctx) => {
    const problem = remotePathProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normaliseRemotePath);

/** One file name (no slash), checked by `fileNameProblem`. */
export const fileNameField = stringField().superRefine((v, ctx) => {
  const problem = fileNameProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Several names of one directory: repeated query keys, or a JSON array. */
export const fileNamesField = z.preprocess(
  (v) => (typeof v === 'string' ? [v] : v),
  z
    .array(fileNameField, { error: 'is required' })
    .min(1, 'must name at least one file')
    .max(10_000, 'has too many items'),
);

/** A directory listing as `/ws/sftp` answers it (goploy's fields, then ours). */
export const sftpEntry = z.object({
  name: z.string(),
  /** Bytes; a link's own size. */
  size: z.number(),
  /** `ls -l` style: `drwxr-xr-x`, `-rw-r--r--`, `lrwxrwxrwx`. */
  mode: z.string(),
  /** `YYYY-MM-DD HH:mm:ss` in the console's time zone. */
  modTime: z.string(),
  /** A directory, or a link to one (so it can be opened). */
  isDir: z.boolean(),
  /** Ours: a symbolic link (goploy hid them). */
  isLink: z.boolean(),
  /** Ours: where the link points, as stored; '' for other entries. */
  linkTarget: z.string(),
  /** Ours: owner and group names as the server reports them; '' when it does not. */
  owner: z.string(),
  group: z.string(),
  /** Ours: modification time in Unix seconds, for sorting and the edit check. */
  mtime: z.number(),
});

export type SftpEntry = z.infer<typeof sftpEntry>;
