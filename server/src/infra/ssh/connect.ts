import type { Duplex } from 'node:stream';
import { Client, type PasswordAuthMethod, type PublicKeyAuthMethod } from 'ssh2';
import { sameFingerprint, sshFingerprint } from './fingerprint.js';
import { resolveAuthMethod, type ConsoleKey, type SshAuth } from './ssh-auth.js';
import {
  classifyConnectError,
  classifyForwardError,
  hostKeyChanged,
  jumpFailed,
  SshError,
  type AttemptContext,
} from './ssh-errors.js';

/** One SSH server and the login on it. */
export interface SshHop {
  host: string;
  port: number;
  user: string;
  auth: SshAuth;
  /** The stored host key fingerprint (`SHA256:…`); a different key is refused. */
  knownFingerprint?: string;
}

/** The server to reach, optionally through a jump host (bastion). */
export interface SshTarget extends SshHop {
  jump?: SshHop;
}

/** Which hop presented a host key. */
export interface HostKeySeen {
  role: 'target' | 'jump';
  host: string;
  port: number;
}

/** Limits and hooks of one `connectSsh` call. */
export interface ConnectOptions {
  /** Limit for TCP connect, handshake and authentication of each hop. Default 10 s. */
  connectTimeoutMs?: number;
  /** Keepalive interval; three unanswered keepalives end the connection. Default 15 s. */
  keepaliveIntervalMs?: number;
  /** The console's own key, used by targets with `{kind: 'consoleKey'}`. */
  consoleKey?: ConsoleKey;
  /**
   * Called with the fingerprint every hop presents (also the first time, when nothing is stored),
   * so the caller can store it: trust on first use is the caller's decision. `key` is the raw
   * public key blob (SSH wire format), for a `known_hosts` line.
   */
  onHostKey?: (fingerprint: string, seen: HostKeySeen, key: Buffer) => void;
}

type AuthMethod = PasswordAuthMethod | PublicKeyAuthMethod;

/**
 * Opens an authenticated SSH connection to `target`, through `target.jump` when set (the jump's
 * `forwardOut` carries the target's connection). Rejects with an `SshError` whose reason says
 * what failed; a failure on the jump leg is `ssh_jump_failed`, except a changed host key: that is
 * `ssh_host_key_changed` as for the target, refused before any credential is sent. Every failure
 * path closes the sockets it opened.
 *
 * The returned client keeps an 'error' listener, so a late failure (a lost network, a keepalive
 * timeout) closes it instead of crashing the process: watch its 'close' event. With a jump host,
 * ending the client also ends the jump connection.
 */
export async function connectSsh(target: SshTarget, opts: ConnectOptions = {}): Promise<Client> {
  const targetAuth = await resolveAuthMethod(target, opts.consoleKey);
  const { jump } = target;
  if (!jump) return connectHop(target, targetAuth, opts, 'target');

  const jumpWhere = `${jump.user}@${jump.host}:${jump.port}`;
  const jumpClient = await resolveAuthMethod(jump, opts.consoleKey)
    .then((auth) => connectHop(jump, auth, opts, 'jump'))
    .catch((e: unknown) => {
      const failure = classifyConnectError(e, attemptContext(jump, opts));
      throw failure.reason === 'ssh_host_key_changed' ? failure : jumpFailed(jumpWhere, failure);
    });
  try {
    const ctx = attemptContext(target, opts, jumpWhere);
    const tunnel = await openTunnel(jumpClient, ctx, jumpWhere);
    const client = await connectHop(target, targetAuth, opts, 'target', tunnel, jumpWhere);
    client.once('close', () => jumpClient.end());
    jumpClient.once('close', () => client.end());
    return client;
  } catch (e) {
    jumpClient.end();
    throw e;
  }
}

function attemptContext(hop: SshHop, opts: ConnectOptions, via?: string): AttemptContext {
  return {
    host: hop.host,
    port: hop.port,
    user: hop.user,
    authKind: hop.auth.kind,
    timeoutMs: opts.connectTimeoutMs ?? 10_000,
    ...(via ? { via } : {}),
  };
}

/** One SSH handshake and login, over TCP or over `tunnel` (a channel of the jump host). */
function connectHop(
  hop: SshHop,
  auth: AuthMethod,
  opts: ConnectOptions,
  role: HostKeySeen['role'],
  tunnel?: Duplex,
  via?: string,
): Promise<Client> {
  const ctx = attemptContext(hop, opts, via);
  return new Promise((resolve, reject) => {
    const client = new Client();
    let settled = false;
    let refusedKey: SshError | undefined;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      client.destroy(); // not end(): a failed peer gets no chance to keep the socket half-open
      tunnel?.destroy();
      reject(refusedKey ?? classifyConnectError(err, ctx));
    };
    // Stays attached after 'ready': later errors close the client rather than crash the process.
    client.on('error', fail);
    client.once('close', () => fail(new Error('the server closed the connection')));
    client.once('ready', () => {
      settled = true;
      // Requests are small packets (an SFTP read is 30-odd bytes): sent at once, never held
      // back by Nagle's algorithm waiting for an acknowledgement, which stalls pipelined transfers.
      client.setNoDelay(true);
      resolve(client);
    });
    const verifyHostKey = (key: Buffer) => {
      const seen = sshFingerprint(key);
      opts.onHostKey?.(seen, { role, host: hop.host, port: hop.port }, key);
      if (hop.knownFingerprint && !sameFingerprint(hop.knownFingerprint, seen)) {
        refusedKey = hostKeyChanged({ ...hop, role }, hop.knownFingerprint, seen);
        return false;
      }
      return true;
    };
    try {
      client.connect({
        host: hop.host,
        port: hop.port,
        username: hop.user,
        ...(tunnel ? { sock: tunnel } : {}),
        authHandler: [auth],
        hostVerifier: verifyHostKey,
        readyTimeout: ctx.timeoutMs,
        keepaliveInterval: opts.keepaliveIntervalMs ?? 15_000,
        keepaliveCountMax: 3,
      });
    } catch (e) {
      fail(e);
    }
  });
}

/** Asks the jump host to open a TCP connection to the target; bounded by the connect timeout. */
function openTunnel(jump: Client, ctx: AttemptContext, jumpWhere: string): Promise<Duplex> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(classifyConnectError({ code: 'ETIMEDOUT' }, { ...ctx, via: jumpWhere }));
      jump.end();
    }, ctx.timeoutMs);
    jump.forwardOut('127.0.0.1', 0, ctx.host, ctx.port, (err, channel) => {
      clearTimeout(timer);
      if (err) reject(classifyForwardError(err, ctx, jumpWhere));
      else resolve(channel);
    });
  });
}
