import type { Client, SFTPWrapper } from 'ssh2';
import type { RequestContext } from '../../core/http/context.js';
import type { ExecOptions, ExecResult, RemoteCommand } from '../../infra/ssh/exec.js';
import type { TransferTarget } from '../../infra/transfer/ssh-options.js';

/** A stored server as other features see it: never its secrets. */
export interface UsableServer {
  id: number;
  /** 0: shared by every namespace. */
  namespaceId: number;
  name: string;
  ip: string;
  port: number;
  owner: string;
}

/**
 * An SFTP channel on a pooled connection. `release()` frees the slot and closes the channel;
 * `release('reuse')`, for a user that finished cleanly (every request answered, every handle
 * closed), lets the next user of the connection have the channel instead of opening one. Only
 * the first call counts.
 */
export interface SftpLease {
  sftp: SFTPWrapper;
  release(how?: 'close' | 'reuse'): void;
}

/** Why a server's open connections and sessions must end. */
export type ServerChange = 'edited' | 'disabled';

/**
 * How every other feature (terminal, SFTP, deploy, scripts) reaches a server. Implemented by
 * `createServerAccess` in server-access.service.ts.
 */
export interface ServerAccess {
  /**
   * The server `id` if the caller may use it: it belongs to the caller's namespace or is shared
   * (namespace 0), and it is enabled. Otherwise throws `notFound('server')` (code 1), never
   * telling which.
   */
  usable(ctx: RequestContext, id: number): Promise<UsableServer>;
  /**
   * The same check for work that runs with no caller (a monitor's check): the server `id` if it
   * belongs to namespace `namespaceId` or is shared, and it is enabled; otherwise throws
   * `notFound('server')` as `usable` does.
   */
  usableIn(namespaceId: number, id: number): Promise<UsableServer>;
  /**
   * A new, dedicated SSH connection (not from the pool: a terminal holds it for long) with the
   * stored credentials, trust on first use for host keys (the first fingerprint is stored; a
   * different one is stored as pending and refused with `ssh_host_key_changed`). Rejects with an
   * `SshError`. The caller ends the client.
   */
  connect(server: UsableServer, opts?: { signal?: AbortSignal }): Promise<Client>;
  /**
   * Runs one command on the server over its pooled connection (opened as `connect` does, shared
   * with other callers, at most 8 channels at once). Rejects with an `SshError` when the server
   * cannot be reached, an `ExecError` when the command is stopped or cut off.
   */
  exec(server: UsableServer, command: RemoteCommand, opts?: ExecOptions): Promise<ExecResult>;
  /**
   * An SFTP channel on the server's pooled connection (one of its 8 channel slots), for file
   * operations that end with the request. Rejects with an `SshError` when the server cannot be
   * reached or refuses the SFTP subsystem. The caller must `release()` it.
   */
  sftp(server: UsableServer, opts?: { signal?: AbortSignal }): Promise<SftpLease>;
  /**
   * A dedicated connection to an enabled server for a deploy (its host keys enforced as
   * `connect` does), and how OpenSSH logs in to it with the same credentials and exactly the host
   * keys this connection verified (for rsync). Those keys are remembered for `deployTarget`.
   * SECURITY: the target carries secrets; it goes only to the transfer code, never to a trace,
   * log or answer.
   */
  openForDeploy(
    serverId: number,
    opts?: {
      signal?: AbortSignal;
      /**
       * Connections the deploy opens itself while this one is open (rsync's ssh): their slots of
       * the server's connection budget are taken with this one's, at once, and freed when it
       * closes.
       */
      extraConnections?: number;
    },
  ): Promise<{ client: Client; target: TransferTarget }>;
  /**
   * Takes `count` slots of the server's connection budget (shared by terminals, commands and
   * deploys, FERRY_SSH_MAX_CONNECTIONS_PER_SERVER) for connections opened outside the console, as
   * rsync's ssh; waits while they are taken. Resolves the function that frees them.
   */
  reserveConnections(serverId: number, count: number, signal?: AbortSignal): Promise<() => void>;
  /**
   * How OpenSSH logs in to an enabled server for a deploy, without connecting: the stored
   * credentials and the host keys the last `openForDeploy` to it verified, provided their
   * fingerprints still equal the stored ones. Undefined when there are none (none since the
   * console started, the server was edited or disabled, a key no longer matches): connect with
   * `openForDeploy` then. SECURITY: as for `openForDeploy`, the target carries secrets.
   */
  deployTarget(serverId: number): Promise<TransferTarget | undefined>;
  /** Runs `listener` when a server is edited or disabled; returns the unsubscribe function. */
  onServerChanged(listener: (serverId: number, change: ServerChange) => void): () => void;
}
