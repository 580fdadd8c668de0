import { z } from 'zod';
import { idField, stringField } from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import {
  NGINX_BINARY_RULE,
  NGINX_COMMANDS,
  NGINX_DIR_RULE,
  NGINX_FILE_NAME_RULE,
  NGINX_MAX_FILE_BYTES,
  NGINX_VERSION_ACTIONS,
  isNginxBinaryPath,
  isNginxFileName,
  normalizeNginxDir,
  splitNginxFile,
} from './nginx-constants.js';

/** A plain configuration file name (written literally, never interpreted by a shell). */
export const nginxFileNameField = stringField().refine(isNginxFileName, NGINX_FILE_NAME_RULE);

/** A configuration directory, answered in its normal form; the server confines it further. */
export const nginxDirField = stringField().transform((dir, ctx) => {
  const normal = normalizeNginxDir(dir);
  if (normal === null) {
    ctx.addIssue({ code: 'custom', message: NGINX_DIR_RULE });
    return z.NEVER;
  }
  return normal;
});

/** A typed nginx binary: absolute, named nginx or openresty. */
export const nginxBinaryField = stringField().refine(isNginxBinaryPath, NGINX_BINARY_RULE);

/** The binary goploy's page sends with each call; '' or absent means the detected one. */
const optionalBinaryField = z
  .string({ error: 'must be a string' })
  .refine((v) => v === '' || isNginxBinaryPath(v), `must be empty or ${NGINX_BINARY_RULE}`)
  .optional()
  .default('');

/** The directory options of the master (`-p`, `-c`), '' when not given. */
const optionalDirLike = z
  .string({ error: 'must be a string' })
  .refine((v) => v === '' || normalizeNginxDir(v) === v, `must be empty or ${NGINX_DIR_RULE}`)
  .optional()
  .default('');

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** A configuration file's text, at most 1 MiB, no NUL. */
export const nginxContentField = stringField()
  .refine((t) => !t.includes('\u0000'), 'must not contain NUL characters')
  .refine(
    (t) => byteLength(t) <= NGINX_MAX_FILE_BYTES,
    `must be at most ${NGINX_MAX_FILE_BYTES} bytes`,
  );

/** `dir + '/' + name` of a configuration file. */
const nginxFileField = stringField().refine(
  (f) => splitNginxFile(f) !== null,
  `must be a configuration directory and a plain file name joined by "/" (${NGINX_FILE_NAME_RULE})`,
);

const sha256Field = z
  .string({ error: 'must be a string' })
  .regex(/^[0-9a-f]{64}$/, 'must be a sha-256 hex digest')
  .optional();

/** A running nginx master found on the server. */
export const nginxCandidate = z.object({
  path: z.string(),
  prefix: z.string(),
  conf: z.string(),
  /** Ours: the master's `-e` error log, '' when not given. */
  errorLog: z.string(),
  pid: z.number(),
  user: z.string(),
});
export type NginxCandidate = z.output<typeof nginxCandidate>;

/** Why `nginx -t` refused a configuration: its message and the file and line it names. */
export const nginxTestFailure = z.object({
  output: z.string(),
  file: z.string(),
  line: z.number(),
});
export type NginxTestFailure = z.output<typeof nginxTestFailure>;

/** One configuration file of the list. */
export const nginxConfigRow = z.object({
  name: z.string(),
  size: z.number(),
  /** As `ls -l` shows it, e.g. `-rw-r--r--`. */
  mode: z.string(),
  /** `YYYY-MM-DD HH:MM:SS`, the server's time. */
  modTime: z.string(),
  dir: z.string(),
  /**
   * Whether nginx reads it: false for a file no include of its directory takes (`x.conf.disabled`
   * beside `include conf.d/*.conf`) and for a sites-available file without its sites-enabled link.
   */
  enabled: z.boolean(),
  /** Ours: for a symbolic link, the path it leads to, every link followed; '' for a file. */
  link: z.string(),
  /**
   * Ours: whether the link leads out of the configuration directories (its target is not directly
   * in one of them): the file is listed, but no route reads, writes, renames or removes it.
   */
  linkOut: z.boolean(),
});
export type NginxConfigRow = z.output<typeof nginxConfigRow>;

export const nginxVersionRow = z.object({
  id: z.number(),
  action: z.enum(NGINX_VERSION_ACTIONS),
  creator: z.string(),
  insertTime: z.string(),
  size: z.number(),
});
export type NginxVersionRow = z.output<typeof nginxVersionRow>;

const onServer = { serverId: idField };
const inDir = { serverId: idField, dir: nginxDirField };

/** goploy's route, plus the candidates, the master's options and whether systemd runs it. */
export const getNginxPath = route({
  method: 'GET',
  path: '/server/getNginxPath',
  access: anyOf(Perm.ShowServerNginxPage),
  input: z.object(onServer),
  output: z.object({
    path: z.string(),
    prefix: z.string(),
    conf: z.string(),
    errorLog: z.string(),
    candidates: z.array(nginxCandidate),
    systemd: z.boolean(),
  }),
});

/** Ours: the binary to use when no running master is found. */
export const setNginxPath = route({
  method: 'PUT',
  path: '/server/setNginxPath',
  access: anyOf(Perm.ManageServerNginx),
  input: z.object({
    ...onServer,
    path: nginxBinaryField,
    prefix: optionalDirLike,
    conf: optionalDirLike,
  }),
  output: z.null(),
});

/** goploy's route (`dir` is the binary path as goploy sends it), plus the enabled flag. */
export const getNginxConfigList = route({
  method: 'GET',
  path: '/server/getNginxConfigList',
  access: anyOf(Perm.ShowServerNginxPage),
  input: z.object({ ...onServer, dir: optionalBinaryField }),
  output: z.object({
    list: z.array(nginxConfigRow),
    conf: z.string(),
    dirs: z.array(z.string()),
  }),
});

export const getNginxConfigContent = route({
  method: 'GET',
  path: '/server/getNginxConfigContent',
  access: anyOf(Perm.ShowServerNginxPage),
  input: z.object({ ...inDir, filename: nginxFileNameField }),
  output: z.object({
    content: z.string(),
    /** The sha-256 (hex) of the file's bytes: the content's own, UTF-8, unless it is not UTF-8. */
    hash: z.string(),
    /**
     * Whether `content` is the file's bytes exactly. False when the file is not UTF-8 or holds a
     * secret of the server (masked in what is read): saving the text shown would change what the
     * editor does not show, so such a file is viewed, not edited, here.
     */
    exact: z.boolean(),
  }),
});

/** goploy's check and reload, plus start and stop; reload and start test first. */
export const manageNginx = route({
  method: 'POST',
  path: '/server/manageNginx',
  access: anyOf(Perm.ManageServerNginx),
  input: z.object({
    ...onServer,
    path: optionalBinaryField,
    command: z.enum(NGINX_COMMANDS, `must be one of ${NGINX_COMMANDS.join(', ')}`),
  }),
  output: z.object({ execRes: z.boolean(), output: z.string() }),
});

/** Ours: a new file, kept only when `nginx -t` passes. */
export const addNginxConfig = route({
  method: 'POST',
  path: '/server/addNginxConfig',
  access: anyOf(Perm.AddNginxConfig),
  input: z.object({ ...inDir, filename: nginxFileNameField, content: nginxContentField }),
  output: z.null(),
  secretInput: ['content'],
});

export const copyNginxConfig = route({
  method: 'POST',
  path: '/server/copyNginxConfig',
  access: anyOf(Perm.AddNginxConfig),
  input: z.object({ ...inDir, srcName: nginxFileNameField, dstName: nginxFileNameField }),
  output: z.null(),
});

/** goploy's route; with `hash`, refused when the file changed since it was read. */
export const editNginxConfig = route({
  method: 'PUT',
  path: '/server/editNginxConfig',
  access: anyOf(Perm.EditNginxConfig),
  input: z.object({
    ...inDir,
    filename: nginxFileNameField,
    content: nginxContentField,
    hash: sha256Field,
  }),
  output: z.null(),
  secretInput: ['content'],
});

export const renameNginxConfig = route({
  method: 'PUT',
  path: '/server/renameNginxConfig',
  access: anyOf(Perm.EditNginxConfig),
  input: z.object({ ...inDir, currentName: nginxFileNameField, newName: nginxFileNameField }),
  output: z.null(),
});

/** goploy's route: `file` is the directory and the name joined by "/". */
export const deleteNginxConfig = route({
  method: 'DELETE',
  path: '/server/deleteNginxConfig',
  access: anyOf(Perm.DeleteNginxConfig),
  input: z.object({ ...onServer, file: nginxFileField }),
  output: z.null(),
});

/** Ours: sites-enabled links, or renaming to and from `<name>.disabled`. */
export const toggleNginxConfig = route({
  method: 'PUT',
  path: '/server/toggleNginxConfig',
  access: anyOf(Perm.EditNginxConfig),
  input: z.object({
    ...inDir,
    filename: nginxFileNameField,
    enabled: z.boolean({ error: 'must be true or false' }),
  }),
  output: z.null(),
});

export const getNginxConfigHistory = route({
  method: 'GET',
  path: '/server/getNginxConfigHistory',
  access: anyOf(Perm.ShowServerNginxPage),
  input: z.object({ ...inDir, filename: nginxFileNameField }),
  output: z.object({ list: z.array(nginxVersionRow) }),
});

export const getNginxConfigVersion = route({
  method: 'GET',
  path: '/server/getNginxConfigVersion',
  access: anyOf(Perm.ShowServerNginxPage),
  input: z.object({ ...onServer, id: idField }),
  output: z.object({
    id: z.number(),
    path: z.string(),
    content: z.string(),
    creator: z.string(),
    insertTime: z.string(),
  }),
});

/** Ours: a stored version saved again, validated as an edit. */
export const restoreNginxConfig = route({
  method: 'POST',
  path: '/server/restoreNginxConfig',
  access: anyOf(Perm.EditNginxConfig),
  input: z.object({ ...onServer, id: idField }),
  output: z.null(),
});

/** Ours: `nginx -T`, capped with a visible mark. */
export const getNginxEffectiveConfig = route({
  method: 'GET',
  path: '/server/getNginxEffectiveConfig',
  access: anyOf(Perm.ShowServerNginxPage),
  input: z.object(onServer),
  output: z.object({ output: z.string() }),
});
