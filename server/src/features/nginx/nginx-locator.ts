import path from 'node:path/posix';
import { NginxReason, type NginxCandidate } from '@ferry/contract';
import type { RequestContext } from '../../core/http/context.js';
import { failed, invalid } from '../../core/errors.js';
import {
  confFromOutput,
  includePatterns,
  parseMasters,
  resolveConf,
  type NginxTarget,
} from './nginx-parse.js';
import { fileRefusal, scriptFailed, type NginxRemote } from './nginx-remote.js';
import type { NginxRepository, NginxSettingRecord } from './nginx.repository.js';
import { DETECT_SCRIPT, probeScript, readScript } from './nginx-scripts.js';

/** What detection found on a server. */
export interface Detection {
  candidates: (NginxCandidate & { globals: string })[];
  systemd: boolean;
  /** The master run by the SSH user, else the binary set for the server, else the first master. */
  chosen: NginxTarget | null;
}

/** Where a server's configuration lives, as nginx reads it. */
export interface NginxLayout {
  target: NginxTarget;
  /** The main configuration file. */
  conf: string;
  /** Per configuration directory, the globs its files are included by. */
  includes: { dir: string; globs: string[] }[];
  /** The directories file routes are confined to. */
  dirs: string[];
}

const GLOB_CHARS = /[*?[]/;

export function createNginxLocator(deps: { remote: NginxRemote; repo: NginxRepository }) {
  const { remote, repo } = deps;

  async function detect(ctx: RequestContext, serverId: number): Promise<Detection> {
    const server = await remote.server(ctx, serverId);
    const r = await remote.run(ctx, serverId, DETECT_SCRIPT);
    if (r.code !== 0) throw scriptFailed('Finding nginx failed', r);
    const candidates = parseMasters(r.stdout);
    const systemd = /^S\t1$/m.test(r.stdout);
    const own = candidates.find((c) => c.user === server.owner);
    if (own) return { candidates, systemd, chosen: toTarget(own) };
    const stored = await repo.setting(serverId);
    if (stored) return { candidates, systemd, chosen: storedTarget(stored) };
    const first = candidates[0];
    return { candidates, systemd, chosen: first ? toTarget(first) : null };
  }

  /**
   * The nginx to run: `binary` '' is the detected one; any other must be a running master's
   * binary or the stored one. SECURITY: a caller never makes the console run a program it names.
   */
  async function target(
    ctx: RequestContext,
    serverId: number,
    binary: string,
    field: string,
    detected?: Detection,
  ): Promise<NginxTarget> {
    const found = detected ?? (await detect(ctx, serverId));
    if (binary === '' || binary === found.chosen?.binary) {
      if (found.chosen) return found.chosen;
      throw failed(
        'No running nginx was found on the server: set its binary',
        NginxReason.notFound,
      );
    }
    const master = found.candidates.find((c) => c.path === binary);
    if (master) return toTarget(master);
    const stored = await repo.setting(serverId);
    if (stored?.binary === binary) return storedTarget(stored);
    throw invalid(
      field,
      'must be the binary of a running nginx master or the one set for the server',
    );
  }

  /** The main configuration and the directories its includes name. */
  async function layout(
    ctx: RequestContext,
    serverId: number,
    t: NginxTarget,
  ): Promise<NginxLayout> {
    const probe = await remote.run(ctx, serverId, probeScript(t));
    const sections = readSections(probe.stdout);
    const version = sections.get('V') ?? '';
    const conf = resolveConf(t, confFromOutput(sections.get('T') ?? '', version), version);
    if (!conf) {
      throw failed('nginx did not name its main configuration file', NginxReason.confUnknown);
    }
    const read = await remote.run(ctx, serverId, readScript(conf), 1024 * 1024);
    const refusal = fileRefusal(read.code, conf, read);
    if (refusal) throw refusal;
    if (read.code !== 0) throw scriptFailed(`Reading ${conf} failed`, read);
    const includes = includeDirs(conf, includePatterns(read.stdout, path.dirname(conf)));
    return { target: t, conf, includes, dirs: includes.map((i) => i.dir) };
  }

  return { detect, target, layout };
}

export type NginxLocator = ReturnType<typeof createNginxLocator>;

function storedTarget(s: NginxSettingRecord): NginxTarget {
  return { binary: s.binary, prefix: s.prefix, conf: s.conf, errorLog: s.error_log, globals: '' };
}

function toTarget(c: NginxCandidate & { globals: string }): NginxTarget {
  return {
    binary: c.path,
    prefix: c.prefix,
    conf: c.conf,
    errorLog: c.errorLog,
    globals: c.globals,
  };
}

/** The `<key> <status> <base64>` lines of the probe, decoded. */
function readSections(stdout: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const [key, , b64] = line.split(' ');
    if (key) out.set(key, Buffer.from(b64 ?? '', 'base64').toString('utf8'));
  }
  return out;
}

/**
 * The configuration directories: the main file's (with its name and its includes there), each
 * include's directory with its glob, and `sites-available` beside a `sites-enabled`. An include
 * whose directory part holds a glob is left out: its files are not confined to one directory.
 */
export function includeDirs(conf: string, patterns: string[]): { dir: string; globs: string[] }[] {
  const byDir = new Map<string, Set<string>>([
    [path.dirname(conf), new Set([path.basename(conf)])],
  ]);
  for (const p of patterns) {
    const dir = path.dirname(p);
    if (GLOB_CHARS.test(dir)) continue;
    const globs = byDir.get(dir) ?? new Set<string>();
    globs.add(path.basename(p));
    byDir.set(dir, globs);
  }
  for (const dir of [...byDir.keys()]) {
    if (path.basename(dir) !== 'sites-enabled') continue;
    const available = path.join(path.dirname(dir), 'sites-available');
    if (!byDir.has(available)) byDir.set(available, new Set(['*']));
  }
  return [...byDir].map(([dir, globs]) => ({ dir, globs: [...globs] }));
}
