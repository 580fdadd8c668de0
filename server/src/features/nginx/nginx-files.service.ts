import { createHash } from 'node:crypto';
import path from 'node:path/posix';
import {
  NGINX_DISABLED_SUFFIX,
  NGINX_MAX_FILE_BYTES,
  type NginxConfigRow,
  type NginxVersionAction,
} from '@ferry/contract';
import type { RequestContext } from '../../core/http/context.js';
import { formatTime } from '../../core/clock.js';
import { invalid, notFound } from '../../core/errors.js';
import { parseFindRows } from './nginx-parse.js';
import type { NginxLayout, NginxLocator } from './nginx-locator.js';
import { fileRefusal, scriptFailed, type NginxRemote } from './nginx-remote.js';
import type { NginxRepository } from './nginx.repository.js';
import { listScript, readScript, ScriptExit } from './nginx-scripts.js';

/** SECURITY: a file route's directory must be one of the configuration directories, exactly. */
export function confineDir(layout: NginxLayout, dir: string, field = 'dir'): string {
  if (!layout.dirs.includes(dir)) {
    throw invalid(field, `must be one of the configuration directories: ${layout.dirs.join(', ')}`);
  }
  return dir;
}

/** A file a route names: its server, the layout it is confined to and the field naming it. */
export interface RouteFile {
  serverId: number;
  layout: NginxLayout;
  file: string;
  field: string;
}

/** Reading configuration files, their list and their stored versions. */
export function createNginxFiles(deps: {
  remote: NginxRemote;
  locator: NginxLocator;
  repo: NginxRepository;
}) {
  const { remote, locator, repo } = deps;

  /** The layout of the detected nginx (or of `binary`, checked as the locator does). */
  async function layoutOf(ctx: RequestContext, serverId: number, binary = '', field = 'dir') {
    const target = await locator.target(ctx, serverId, binary, field);
    return locator.layout(ctx, serverId, target);
  }

  /** A file's text, or null when it does not exist; refused over 1 MiB or linked out. */
  async function readFile(ctx: RequestContext, at: RouteFile) {
    return (await readWithDigest(ctx, at))?.text ?? null;
  }

  /**
   * A file's text and the sha-256 of its bytes as the server computed it (the text's own digest
   * unless the file is not UTF-8), or null when it does not exist; refused over 1 MiB, and (10003
   * naming `at.field`) when it is a link out of the configuration directories.
   */
  async function readWithDigest(ctx: RequestContext, at: RouteFile) {
    const { serverId, layout, file, field } = at;
    const r = await remote.run(ctx, serverId, readScript(file, layout), NGINX_MAX_FILE_BYTES);
    if (r.code === ScriptExit.missing) return null;
    const refusal = fileRefusal(r.code, file, r, { [file]: field });
    if (refusal) throw refusal;
    const digest = /^[0-9a-f]{64}$/m.exec(r.stderr)?.[0];
    if (r.code !== 0 || !digest) throw scriptFailed(`Reading ${file} failed`, r);
    return { text: r.stdout, digest };
  }

  async function list(ctx: RequestContext, serverId: number, binary: string) {
    const layout = await layoutOf(ctx, serverId, binary);
    const dirs = layout.includes.map(({ dir, globs }) => ({
      dir,
      globs,
      listed: isAvailableDir(dir) ? globs : globs.flatMap((g) => [g, g + NGINX_DISABLED_SUFFIX]),
    }));
    const r = await remote.run(
      ctx,
      serverId,
      listScript(
        dirs.map(({ dir, listed }) => ({ dir, globs: listed })),
        layout,
      ),
      NGINX_MAX_FILE_BYTES,
    );
    if (r.code !== 0) throw scriptFailed('Listing the configuration files failed', r);
    const found = r.stdout.split(/^@@ (\d+)( links)?\n/m);
    const rows: ListedRow[] = [];
    for (let i = 1; i < found.length; i += 3) {
      const at = dirs[Number(found[i])];
      const text = found[i + 2] ?? '';
      if (!at) continue;
      if (found[i + 1]) resolveLinks(rows, at.dir, text);
      else rows.push(...parseFindRows(text, at.dir, at.globs));
    }
    return { list: linkSites(rows), conf: layout.conf, dirs: layout.dirs };
  }

  async function content(
    ctx: RequestContext,
    input: { serverId: number; dir: string; filename: string },
  ) {
    const layout = await layoutOf(ctx, input.serverId);
    const file = path.join(confineDir(layout, input.dir), input.filename);
    const read = await readWithDigest(ctx, {
      serverId: input.serverId,
      layout,
      file,
      field: 'filename',
    });
    if (read === null) throw notFound('Configuration file');
    const exact = createHash('sha256').update(read.text, 'utf8').digest('hex') === read.digest;
    return { content: read.text, hash: read.digest, exact };
  }

  async function history(
    ctx: RequestContext,
    input: { serverId: number; dir: string; filename: string },
  ) {
    await remote.server(ctx, input.serverId);
    const rows = await repo.versions(input.serverId, path.join(input.dir, input.filename));
    return {
      list: rows.map((v) => ({
        id: v.id,
        action: v.action as NginxVersionAction,
        creator: v.creator,
        insertTime: formatTime(v.insert_time),
        size: v.size,
      })),
    };
  }

  async function version(ctx: RequestContext, serverId: number, id: number) {
    await remote.server(ctx, serverId);
    const v = await repo.version(serverId, id);
    if (!v) throw notFound('Version');
    return {
      id: v.id,
      path: v.path,
      content: v.content,
      creator: v.creator,
      insertTime: formatTime(v.insert_time),
    };
  }

  return { layoutOf, readFile, readWithDigest, list, content, history, version };
}

export type NginxFiles = ReturnType<typeof createNginxFiles>;

const isAvailableDir = (dir: string) => path.basename(dir) === 'sites-available';

/** A listed row with the target its link names as written ('' for a file). */
type ListedRow = NginxConfigRow & { raw: string };

/**
 * Sets, on the rows of `dir`, where each link leads and whether that is out of the configuration,
 * from the `<name>\t<real>\t<0|1>` lines of the list script (a link it did not resolve is out).
 */
function resolveLinks(rows: ListedRow[], dir: string, text: string) {
  const resolved = new Map<string, { real: string; out: boolean }>();
  for (const line of text.split('\n')) {
    const [name, real, out] = line.split('\t');
    if (name && real !== undefined) resolved.set(name, { real, out: out !== '0' });
  }
  for (const row of rows) {
    if (row.dir !== dir || !row.raw) continue;
    const r = resolved.get(row.name);
    row.link = r?.real || row.raw;
    row.linkOut = r?.out ?? true;
  }
}

/**
 * Sites-style directories: a `sites-enabled` link to a `sites-available` file is shown as that
 * file, enabled; a `sites-available` file without its link is disabled.
 */
export function linkSites(rows: ListedRow[]): NginxConfigRow[] {
  const linked = new Set<string>();
  const shown = rows.filter((r) => {
    if (path.basename(r.dir) !== 'sites-enabled' || !r.raw) return true;
    const target = path.resolve(r.dir, r.raw);
    const available = path.join(path.dirname(r.dir), 'sites-available');
    if (path.dirname(target) !== available) return true;
    linked.add(target);
    return false;
  });
  return shown.map(({ raw: _raw, ...r }) =>
    isAvailableDir(r.dir) ? { ...r, enabled: linked.has(path.join(r.dir, r.name)) } : r,
  );
}
