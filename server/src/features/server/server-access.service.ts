import type { FastifyBaseLogger } from 'fastify';
import type { Client, SFTPWrapper } from 'ssh2';
import type { SecretBox } from '../../core/crypto.js';
import { notFound } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import { connectSsh, type SshTarget } from '../../infra/ssh/connect.js';
import { execSsh, type ExecOptions, type RemoteCommand } from '../../infra/ssh/exec.js';
import { sameFingerprint } from '../../infra/ssh/fingerprint.js';
import type { KeyFiles } from '../../infra/ssh/key-files.js';
import type { ConsoleKey } from '../../infra/ssh/ssh-auth.js';
import { SshError } from '../../infra/ssh/ssh-errors.js';
import type { ConnectionBudget } from '../../infra/ssh/connection-budget.js';
import type { SshPool } from '../../infra/ssh/ssh-pool.js';
import { createSftpChannelCache } from '../../infra/sftp/sftp-channel-cache.js';
import type { TransferTarget } from '../../infra/transfer/ssh-options.js';
import type { SshReuse } from '../../infra/transfer/ssh-reuse.js';
import { transferTargetOf, VerifiedHostKeys, type HostKeyBlobs } from './deploy-login.js';
import type { ServerAccess, ServerChange, UsableServer } from './server-access.js';
import { settingsFromRow, type ConnectionSettings } from './server-settings.js';
import { targetOf, type KnownHostKeys } from './server-target.js';
import type { HostKeyRole, ServerRecord, ServerRepository } from './server.repository.js';

/** The host keys a connection attempt was shown, '' for a hop it did not reach. */
export type SeenKeys = KnownHostKeys;

/** An open connection and what it took to open it. */
export interface Dialled {
  client: Client;
  /** TCP connect, handshake and authentication, through the jump host when there is one. */
  latencyMs: number;
  seen: SeenKeys;
}

type ChangeListener = (serverId: number, change: ServerChange) => void;

const usableOf = (row: ServerRecord): UsableServer => ({
  id: row.id,
  namespaceId: row.namespace_id,
  name: row.name,
  ip: row.ip,
  port: row.port,
  owner: row.owner,
});

/**
 * How every feature reaches a stored server: visibility, connections with the stored secrets,
 * trust on first use of host keys, and pooled command runs.
 */
export function createServerAccess(deps: {
  servers: ServerRepository;
  box: SecretBox;
  pool: SshPool;
  /** Every connection opened here takes a slot of its server's budget until it closes. */
  budget: ConnectionBudget;
  /** The console's own key; read when a server first needs it. */
  consoleKey: () => ConsoleKey;
  /** The key files servers may log in with. */
  keyFiles: KeyFiles;
  /** Limit for connect, handshake and login of each hop. Default 10 s. */
  connectTimeoutMs?: number;
  /** rsync's logins, shared between transfers to a server; without it each has its own. */
  reuse?: SshReuse;
}) {
  const { servers, box, pool, budget } = deps;
  const sftpChannels = createSftpChannelCache();
  const listeners = new Set<ChangeListener>();
  const verified = new VerifiedHostKeys();

  /** Opens a connection, writing every host key shown into `seen` (also when it then fails). */
  async function dial(
    target: SshTarget,
    seen: SeenKeys,
    signal?: AbortSignal,
    blobs?: HostKeyBlobs,
  ): Promise<Dialled> {
    const started = performance.now();
    const attempt = connectSsh(target, {
      consoleKey: deps.consoleKey(),
      connectTimeoutMs: deps.connectTimeoutMs ?? 10_000,
      onHostKey: (fingerprint, where, key) => {
        seen[where.role] = fingerprint;
        if (blobs) blobs[where.role] = key;
      },
    });
    const client = await abortable(attempt, signal);
    return { client, latencyMs: Math.round(performance.now() - started), seen };
  }

  /** How rsync's ssh logs in with `settings` and the verified keys, sharing its login if it may. */
  function deployLogin(
    serverId: number,
    settings: ConnectionSettings,
    blobs: HostKeyBlobs,
  ): TransferTarget {
    const target = transferTargetOf(settings, blobs, deps.consoleKey, deps.keyFiles);
    const reuse = deps.reuse?.controlFor(serverId, target);
    return reuse ? { ...target, reuse } : target;
  }

  /**
   * SECURITY: trust on first use. A hop with no stored key gets the one it showed, once the whole
   * connection succeeded; a hop that showed a key other than the stored one (the connection was
   * refused) gets it stored as pending, for someone with EditServer to accept or not.
   */
  async function recordHostKeys(row: ServerRecord, seen: SeenKeys, connected: boolean) {
    const stored: Record<HostKeyRole, string> = { target: row.host_key, jump: row.jump_host_key };
    for (const role of ['target', 'jump'] as const) {
      const shown = seen[role];
      if (!shown) continue;
      if (!stored[role]) {
        if (connected) await servers.trustFirstKey(row.id, role, shown);
      } else if (!sameFingerprint(stored[role], shown)) {
        await servers.setPendingKey(row.id, role, shown);
      }
    }
  }

  /**
   * Connects to a stored server with its trusted host keys enforced and the keys shown recorded:
   * with its stored settings, or with `settings` (a connection test, a one-off password login).
   */
  async function connectRow(
    row: ServerRecord,
    opts: {
      signal?: AbortSignal;
      settings?: ConnectionSettings;
      blobs?: HostKeyBlobs;
      /** Budget slots held while the connection is open (more when it starts rsync's ssh). */
      slots?: number;
    } = {},
  ): Promise<Dialled> {
    const release = await budget.take(row.id, opts.slots ?? 1, opts.signal);
    try {
      const dialled = await dialRow(row, opts);
      dialled.client.once('close', release);
      return dialled;
    } catch (e) {
      release();
      throw e;
    }
  }

  async function dialRow(
    row: ServerRecord,
    opts: { signal?: AbortSignal; settings?: ConnectionSettings; blobs?: HostKeyBlobs },
  ): Promise<Dialled> {
    const known = { target: row.host_key, jump: row.jump_host_key };
    const target = targetOf(opts.settings ?? settingsFromRow(row, box), known, deps.keyFiles);
    const seen: SeenKeys = { target: '', jump: '' };
    try {
      const dialled = await dial(target, seen, opts.signal, opts.blobs);
      await recordHostKeys(row, seen, true);
      return dialled;
    } catch (e) {
      await recordHostKeys(row, seen, false);
      throw e;
    }
  }

  async function enabledRow(id: number): Promise<ServerRecord> {
    const row = await servers.findById(id);
    if (!row || row.state !== 1) throw notFound('Server');
    return row;
  }

  const access = {
    usable: (ctx: RequestContext, id: number): Promise<UsableServer> =>
      access.usableIn(ctx.namespaceId, id),

    async usableIn(namespaceId: number, id: number): Promise<UsableServer> {
      const row = await servers.findVisible(id, namespaceId);
      if (!row || row.state !== 1) throw notFound('Server');
      return usableOf(row);
    },

    async connect(server: UsableServer, opts: { signal?: AbortSignal } = {}): Promise<Client> {
      return (await connectRow(await enabledRow(server.id), opts)).client;
    },

    async openForDeploy(
      serverId: number,
      opts: { signal?: AbortSignal; extraConnections?: number } = {},
    ) {
      const row = await enabledRow(serverId);
      // Only the keys of the newest deploy connection are kept: one that fails leaves none.
      verified.forget(serverId);
      const settings = settingsFromRow(row, box);
      const blobs: HostKeyBlobs = {};
      const slots = 1 + (opts.extraConnections ?? 0);
      const { client } = await connectRow(row, { signal: opts.signal, settings, blobs, slots });
      try {
        const target = deployLogin(serverId, settings, blobs);
        verified.remember(serverId, blobs);
        return { client, target };
      } catch (e) {
        client.end();
        throw e;
      }
    },

    async deployTarget(serverId: number): Promise<TransferTarget | undefined> {
      const row = await servers.findById(serverId);
      if (!row || row.state !== 1) return undefined;
      const settings = settingsFromRow(row, box);
      const stored = { target: row.host_key, jump: row.jump_host_key };
      const blobs = verified.usable(serverId, stored, settings);
      if (!blobs) return undefined;
      try {
        return deployLogin(serverId, settings, blobs);
      } catch {
        return undefined; // the connecting path reports what is wrong with the settings
      }
    },

    reserveConnections: (serverId: number, count: number, signal?: AbortSignal) =>
      budget.take(serverId, count, signal),

    async exec(server: UsableServer, command: RemoteCommand, opts: ExecOptions = {}) {
      // The pooled connection outlives this caller, so its connect gets no signal.
      const lease = await pool.lease(server.id, () => access.connect(server), opts.signal);
      try {
        return await execSsh(lease.client, command, opts);
      } finally {
        lease.release();
      }
    },

    async sftp(server: UsableServer, opts: { signal?: AbortSignal } = {}) {
      const lease = await pool.lease(server.id, () => access.connect(server), opts.signal);
      try {
        const sftp = sftpChannels.take(lease.client) ?? (await openSftp(lease.client));
        let released = false;
        const release = (how: 'close' | 'reuse' = 'close') => {
          if (released) return;
          released = true;
          if (how === 'reuse') sftpChannels.keep(lease.client, sftp);
          else {
            try {
              sftp.end();
            } catch {
              // the connection is already gone
            }
          }
          lease.release();
        };
        return { sftp, release };
      } catch (err) {
        lease.release();
        throw err;
      }
    },

    onServerChanged(listener: ChangeListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Ends the server's pooled connection and tells the listeners (terminals end theirs). */
    serverChanged(serverId: number, change: ServerChange, log: FastifyBaseLogger): void {
      pool.drop(serverId);
      verified.forget(serverId);
      void deps.reuse?.forget(serverId);
      for (const listener of listeners) {
        try {
          listener(serverId, change);
        } catch (err) {
          log.error({ err, serverId }, 'a server change listener failed');
        }
      }
    },

    dial,
    connectRow,
  } satisfies ServerAccess & Record<string, unknown>;
  return access;
}

export type ServerAccessService = ReturnType<typeof createServerAccess>;

/** Starts the SFTP subsystem on an open connection. */
function openSftp(client: Client): Promise<SFTPWrapper> {
  return new Promise((resolve, reject) => {
    try {
      client.sftp((err, sftp) => {
        if (err) {
          const message = `The server refused an SFTP session: ${err.message}`;
          reject(new SshError('ssh_closed', message, { cause: err }));
        } else resolve(sftp);
      });
    } catch (err) {
      reject(
        new SshError('ssh_closed', 'The connection to the server was closed.', { cause: err }),
      );
    }
  });
}

/** The connection, or `ssh_closed` when `signal` aborts first (the late client is then ended). */
function abortable(attempt: Promise<Client>, signal: AbortSignal | undefined): Promise<Client> {
  if (!signal) return attempt;
  return new Promise((resolve, reject) => {
    const onAbort = () =>
      reject(new SshError('ssh_closed', 'The connection attempt was cancelled.'));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    attempt.then(
      (client) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) client.end();
        else resolve(client);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
