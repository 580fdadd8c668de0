import { failed } from '../../../core/errors.js';
import type { RemoteRunApi } from '../../remote-run/remote-run.api.js';
import { sha256Hex } from '../crontab/fence.js';
import {
  CRONTAB_CHANGED_EXIT,
  readAllCrontabsScript,
  readCrontabScript,
  readRunsScript,
  removeRunsScript,
  writeCrontabScript,
} from './cron-scripts.js';
import { parseRunRecord, type RunRecord } from './run-record.js';

/** Seconds a crontab read or write may take on its server. */
const TIMEOUT_S = 20;

/** A user's crontab as read: whose, their home, the text and its sha-256. */
export interface ReadCrontab {
  user: string;
  home: string;
  text: string;
  checksum: string;
}

/** A crontab other than the user's own, as the Crontab UI lists it. */
export interface OtherCrontab {
  source: string;
  /** null: too large to show. */
  text: string | null;
}

const reason = (r: { code: number | null; stderr: string }) =>
  r.stderr.trim().slice(-500) || `exit status ${String(r.code)}`;

const unbase64 = (text: string) => Buffer.from(text, 'base64').toString('utf8');

/**
 * The crontab work on a server, through the one remote-run engine (`execOnServer`, nothing
 * substituted). The server must belong to `namespaceId` or be shared.
 */
export function createCrontabRemote(deps: { execOnServer: RemoteRunApi['execOnServer'] }) {
  const run = (namespaceId: number, serverId: number, script: string, signal?: AbortSignal) =>
    deps.execOnServer(namespaceId, serverId, script, {
      timeoutS: TIMEOUT_S,
      substitute: false,
      signal: signal ?? AbortSignal.timeout(TIMEOUT_S * 1000),
    });

  return {
    /** `crontab -l` of the SSH user ('' when they have none). */
    async read(namespaceId: number, serverId: number, signal?: AbortSignal): Promise<ReadCrontab> {
      const r = await run(namespaceId, serverId, readCrontabScript(), signal);
      const fields = new Map<string, string>();
      for (const line of r.stdout.split('\n')) {
        const at = line.indexOf(':');
        if (at > 0) fields.set(line.slice(0, at), line.slice(at + 1));
      }
      const [user, home, crontab] = ['user', 'home', 'crontab'].map((k) => fields.get(k));
      if (r.code !== 0 || user === undefined || home === undefined || crontab === undefined) {
        const why = r.code === 0 ? 'the crontab is too large to read' : reason(r);
        throw failed(`The crontab could not be read: ${why}`, 'crontab_unreadable');
      }
      const text = unbase64(crontab);
      return { user, home, text, checksum: sha256Hex(text) };
    },

    /**
     * Writes `text` as the user's crontab (and installs the wrapper), if the crontab is still
     * the one read (`readSum`); else refuses with `crontab_changed`.
     */
    async write(
      namespaceId: number,
      serverId: number,
      o: { readSum: string; text: string; wrapper: string },
    ): Promise<void> {
      const r = await run(namespaceId, serverId, writeCrontabScript(o));
      if (r.code === CRONTAB_CHANGED_EXIT) {
        throw failed(
          'The crontab changed on the server meanwhile: read it again',
          'crontab_changed',
        );
      }
      if (r.code !== 0) {
        throw failed(`The crontab could not be written: ${reason(r)}`, 'crontab_write_failed');
      }
    },

    /** The oldest run records waiting on the server, and whether more wait. */
    async readRuns(
      namespaceId: number,
      serverId: number,
      signal?: AbortSignal,
    ): Promise<{ records: RunRecord[]; more: boolean }> {
      const r = await run(namespaceId, serverId, readRunsScript(), signal);
      if (r.code !== 0) throw new Error(`the run records could not be read: ${reason(r)}`);
      const records: RunRecord[] = [];
      let more = false;
      for (const line of r.stdout.split('\n')) {
        if (line === 'more') more = true;
        const [name, content] = line.split(' ');
        const record =
          name && content !== undefined ? parseRunRecord(name, unbase64(content)) : undefined;
        if (record) records.push(record);
      }
      return { records, more };
    },

    /** Removes exactly the named run records. */
    async removeRuns(namespaceId: number, serverId: number, names: readonly string[]) {
      if (names.length === 0) return;
      const r = await run(namespaceId, serverId, removeRunsScript(names));
      if (r.code !== 0) throw new Error(`the run records could not be removed: ${reason(r)}`);
    },

    /** The other crontabs the user may read. */
    async readOthers(namespaceId: number, serverId: number): Promise<OtherCrontab[]> {
      const r = await run(namespaceId, serverId, readAllCrontabsScript());
      return r.stdout
        .split('\n')
        .filter((line) => line.includes(' '))
        .map((line) => {
          const at = line.indexOf(' ');
          const data = line.slice(0, at);
          return { source: line.slice(at + 1), text: data === '-' ? null : unbase64(data) };
        });
    },
  };
}

export type CrontabRemote = ReturnType<typeof createCrontabRemote>;
