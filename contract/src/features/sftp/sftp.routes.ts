import { z } from 'zod';
import { flagField, idField, idListField, uintField } from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import { fileNameField, fileNamesField, remotePathField } from './sftp-fields.js';

/**
 * The SFTP file manager (`/server/sftp`). goploy's paths and field names; every route checks that
 * the server is usable in the caller's namespace (code 1 otherwise) and writes an `sftp_log` row.
 * Permissions as the specification names them: upload 36, preview 37, download 38, copy and
 * transfer 75, delete 76, edit and rename 78.
 */

/** `GET /ws/sftp?serverId=`: directory listings over one SSH connection (`sftp-frames.ts`). */
export const sftpConnect = route({
  method: 'GET',
  path: '/ws/sftp',
  access: anyOf(Perm.ShowSftpFilePage),
  input: z.object({ serverId: idField }),
  output: z.null(),
});

/**
 * The file inline (not an envelope), typed by its extension: images, PDF and text; anything else
 * as `application/octet-stream`. Served with `Content-Security-Policy: sandbox` and `nosniff`, and
 * markup (HTML, SVG, XML) as plain text, so a file never runs as the console's page.
 */
export const previewFile = route({
  method: 'GET',
  path: '/server/previewFile',
  access: anyOf(Perm.SFTPPreviewFile),
  input: z.object({ id: idField, file: remotePathField }),
  output: z.null(),
  download: true,
});

/** The file as an attachment, streamed (not an envelope). */
export const downloadFile = route({
  method: 'GET',
  path: '/server/downloadFile',
  access: anyOf(Perm.SFTPDownloadFile),
  input: z.object({ id: idField, file: remotePathField }),
  output: z.null(),
  download: true,
});

/**
 * Ours: `names` of directory `dir` (files and directories, recursively) as one `.tar.gz`, made by
 * `tar` on the server and streamed through the console, never held whole. One directory is named
 * after it (`logs.tar.gz`), several entries after `dir`.
 */
export const downloadArchive = route({
  method: 'GET',
  path: '/server/downloadArchive',
  access: anyOf(Perm.SFTPDownloadFile),
  input: z.object({ id: idField, dir: remotePathField, names: fileNamesField }),
  output: z.null(),
  download: true,
});

/**
 * Text of a file for the preview and the editor (ours): at most `MAX_TEXT_FILE_BYTES`, decoded
 * from its detected encoding. Code 2 `file_too_large` or `not_text` otherwise. `size` and `mtime`
 * go back with an edit so a file changed meanwhile is not overwritten.
 */
export const readFile = route({
  method: 'GET',
  path: '/server/readFile',
  access: anyOf(Perm.SFTPPreviewFile, Perm.SFTPEditFile),
  input: z.object({ serverId: idField, file: remotePathField }),
  output: z.object({
    content: z.string(),
    /** `utf-8`, `utf-16le`, `utf-16be`, `gb18030` or `latin1`. */
    encoding: z.string(),
    size: z.number(),
    mtime: z.number(),
    /** `-rw-r--r--` */
    mode: z.string(),
  }),
});

/**
 * Writes `content` to `file` atomically (a temporary file beside it, the old mode kept, then a
 * rename), in the encoding it was read in. With `size` and `mtime` (ours) it is refused with code
 * 2 `file_changed` when the file no longer has them. Not in the operation log: a file's text may
 * hold secrets (`.env`); the SFTP log records the edit.
 */
export const editFile = route({
  method: 'PUT',
  path: '/server/editFile',
  access: anyOf(Perm.SFTPEditFile),
  input: z.object({
    serverId: idField,
    file: remotePathField,
    content: z.string({ error: 'is required' }).max(8 * 1024 * 1024, 'is too large'),
    size: uintField.optional(),
    mtime: uintField.optional(),
    encoding: z.enum(['utf-8', 'utf-16le', 'utf-16be', 'gb18030', 'latin1']).optional(),
  }),
  output: z.null(),
  audit: false,
});

/** goploy's upload: one multipart `file` into directory `filePath`, streamed to the server. */
export const uploadFile = route({
  method: 'POST',
  path: '/server/uploadFile',
  access: anyOf(Perm.SFTPUploadFile),
  body: 'multipart',
  input: z.object({ id: idField, filePath: remotePathField }),
  output: z.null(),
});

/**
 * Ours, for resumable uploads: how many bytes of an upload to `file` of `size` bytes the server
 * already holds (a hidden partial file beside the target). 0 when none.
 */
export const uploadStatus = route({
  method: 'GET',
  path: '/server/uploadStatus',
  access: anyOf(Perm.SFTPUploadFile),
  input: z.object({ serverId: idField, file: remotePathField, size: uintField }),
  output: z.object({ offset: z.number() }),
});

/**
 * Ours: the request body (`application/octet-stream`, at most `MAX_UPLOAD_CHUNK_BYTES`) written
 * at `offset` of the upload to `file` of `size` bytes. `offset` must equal what the server holds
 * (code 2 `upload_offset` with `data.offset` otherwise). The chunk that completes the file moves
 * it into place (replacing an existing file) and answers `done: true`. Missing directories on the
 * way to `file` are made (as `mkdir -p` would), so a dropped folder uploads file by file.
 */
export const uploadChunk = route({
  method: 'PUT',
  path: '/server/uploadChunk',
  access: anyOf(Perm.SFTPUploadFile),
  body: 'bytes',
  input: z.object({
    serverId: idField,
    file: remotePathField,
    size: uintField,
    offset: uintField,
    /** The file's own modification time (Unix seconds), given to the finished file. */
    mtime: uintField.optional(),
  }),
  output: z.object({ offset: z.number(), done: z.boolean() }),
});

/** Ours: drops the partial file of an upload to `file`. */
export const uploadCancel = route({
  method: 'DELETE',
  path: '/server/uploadCancel',
  access: anyOf(Perm.SFTPUploadFile),
  input: z.object({ serverId: idField, file: remotePathField }),
  output: z.null(),
});

/** Ours: creates directory `name` in `dir`. */
export const makeDirectory = route({
  method: 'POST',
  path: '/server/makeDirectory',
  access: anyOf(Perm.SFTPUploadFile),
  input: z.object({ serverId: idField, dir: remotePathField, name: fileNameField }),
  output: z.null(),
});

export const renameFile = route({
  method: 'PUT',
  path: '/server/renameFile',
  access: anyOf(Perm.SFTPEditFile),
  input: z.object({
    serverId: idField,
    dir: remotePathField,
    currentName: fileNameField,
    newName: fileNameField,
  }),
  output: z.null(),
});

/** A copy within `dir` on the server (`cp -a`, recursive for directories). */
export const copyFile = route({
  method: 'PUT',
  path: '/server/copyFile',
  access: anyOf(Perm.SFTPTransferFile),
  input: z.object({
    serverId: idField,
    isDir: z.boolean().optional().default(false),
    dir: remotePathField,
    srcName: fileNameField,
    dstName: fileNameField,
  }),
  output: z.null(),
});

/**
 * Removes a file, a link or an empty directory. A directory with content is removed only with
 * `recursive: 1` (ours); without it the answer is code 2 `directory_not_empty`.
 */
export const deleteFile = route({
  method: 'DELETE',
  path: '/server/deleteFile',
  access: anyOf(Perm.SFTPDeleteFile),
  input: z.object({
    serverId: idField,
    file: remotePathField,
    recursive: flagField.optional().default(0),
  }),
  output: z.null(),
});

/** One destination's outcome of a transfer. */
export const transferResult = z.object({
  serverId: z.number(),
  serverName: z.string(),
  ok: z.boolean(),
  /** '' when it succeeded. */
  error: z.string(),
  bytes: z.number(),
});

/**
 * A failed transfer's `data`: goploy's `serverId` and `serverName`, the first destination that
 * failed (goploy stops there, and its page prints that `serverName` beside the message), then
 * ours, `results`, every destination's outcome.
 */
export const transferFailure = z.object({
  serverId: z.number(),
  serverName: z.string(),
  results: z.array(transferResult),
});

/**
 * Copies `sourceFile` (a file, or a directory recursively) of one server into `destDir` of every
 * destination at once (`destDir` is made where missing, as `mkdir -p` would), streamed through the
 * console's memory (never its disk). Each destination succeeds or fails on its own;
 * `data.results` has them all. Code 0 when all succeeded, else code 2 `transfer_failed` with
 * `transferFailure` as `data`. Progress goes to the caller's hub sockets as frame type 13
 * `{transferId, serverId, bytes, total, state}` when `transferId` is given.
 */
export const transferFile = route({
  method: 'POST',
  path: '/server/transferFile',
  access: anyOf(Perm.SFTPTransferFile),
  input: z.object({
    sourceServerId: idField,
    sourceFile: remotePathField,
    sourceIsDir: z.boolean().optional().default(false),
    destServerIds: idListField.pipe(z.array(z.number()).min(1, 'must name at least one server')),
    destDir: remotePathField,
    transferId: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be letters, digits and dashes (at most 64)')
      .optional(),
  }),
  output: z.object({ results: z.array(transferResult) }),
});
