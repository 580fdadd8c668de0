import { Code } from '@ferry/contract';
import { AppError } from '../../core/errors.js';
import type { SshAuth } from './ssh-auth.js';

/** Stable reasons for a failed SSH connection; the web app uses them as i18n keys. */
export type SshReason =
  | 'ssh_refused'
  | 'ssh_timeout'
  | 'ssh_dns'
  | 'ssh_auth'
  | 'ssh_host_key_changed'
  | 'ssh_jump_failed'
  | 'ssh_unreachable'
  | 'ssh_closed';

/** How the console proves who it is; named in the message of an authentication failure. */
export type AuthKind = SshAuth['kind'];

/**
 * A connection failure with a stable `reason` and a message a user can act on. It is an
 * `AppError` (code 2), so it reaches the client as `{code: 2, message, reason}`. Messages never
 * hold secrets; the underlying library error is kept as `cause` for the log.
 */
export class SshError extends AppError {
  declare readonly reason: SshReason;
  /** For `ssh_jump_failed`: why the jump host failed. */
  readonly innerReason: SshReason | undefined;

  constructor(
    reason: SshReason,
    message: string,
    options: { cause?: unknown; innerReason?: SshReason } = {},
  ) {
    super(Code.error, message, reason);
    this.name = 'SshError';
    this.innerReason = options.innerReason;
    if (options.cause !== undefined) this.cause = options.cause;
  }
}

/** What a failing connection attempt was aimed at, for the message. */
export interface AttemptContext {
  host: string;
  port: number;
  user: string;
  authKind: AuthKind;
  timeoutMs: number;
  /** `user@host:port` of the jump host when the target was dialled through one. */
  via?: string;
}

const METHOD: Record<AuthKind, string> = {
  password: 'password',
  key: 'private key',
  keyFile: 'private key file',
  consoleKey: "console's key",
};

interface LibraryError {
  code?: unknown;
  level?: unknown;
  message?: unknown;
  /** Channel-open failure code (RFC 4254 §5.1) on a failed `forwardOut`. */
  reason?: unknown;
}

const asLibraryError = (err: unknown): LibraryError =>
  typeof err === 'object' && err !== null ? err : {};

const detailOf = (err: unknown) => {
  const message = asLibraryError(err).message;
  return typeof message === 'string' ? message : String(err);
};

function reasonOf(err: unknown): SshReason {
  const { code, level } = asLibraryError(err);
  if (code === 'ECONNREFUSED') return 'ssh_refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA') return 'ssh_dns';
  if (level === 'client-dns') return 'ssh_dns';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'ssh_unreachable';
  if (code === 'ETIMEDOUT' || level === 'client-timeout') return 'ssh_timeout';
  if (level === 'client-authentication') return 'ssh_auth';
  return 'ssh_closed';
}

function messageOf(reason: SshReason, ctx: AttemptContext, detail: string): string {
  const at = `${ctx.host}:${ctx.port}`;
  const from = ctx.via ? ` (dialled from the jump host ${ctx.via})` : '';
  const method = METHOD[ctx.authKind];
  switch (reason) {
    case 'ssh_refused':
      return `Connection refused by ${at}${from}: no SSH server listens on that port. Check the port and that sshd is running.`;
    case 'ssh_dns':
      return `The host name "${ctx.host}" could not be resolved${from}. Check the spelling and the DNS settings.`;
    case 'ssh_unreachable':
      return `${at} is unreachable${from}: there is no route to that host or network.`;
    case 'ssh_timeout':
      return `No SSH answer from ${at}${from} within ${ctx.timeoutMs} ms. The host may be down, a firewall may drop the connection, or the port may not belong to an SSH server.`;
    case 'ssh_auth':
      return `${ctx.user}@${at} rejected the ${method}. Check the user name and the ${method}.`;
    case 'ssh_host_key_changed':
    case 'ssh_jump_failed':
    case 'ssh_closed':
      return `The SSH connection to ${at}${from} failed: ${detail}`;
  }
}

/** Maps an error from `ssh2` or the socket to a stable reason and a readable message. */
export function classifyConnectError(err: unknown, ctx: AttemptContext): SshError {
  if (err instanceof SshError) return err;
  const reason = reasonOf(err);
  return new SshError(reason, messageOf(reason, ctx, detailOf(err)), { cause: err });
}

/** The server, or its jump host, presented a host key other than the stored one. */
export function hostKeyChanged(
  hop: { host: string; port: number; role: 'target' | 'jump' },
  expected: string,
  seen: string,
) {
  const which = hop.role === 'jump' ? 'the jump host ' : '';
  return new SshError(
    'ssh_host_key_changed',
    `The host key of ${which}${hop.host}:${hop.port} has changed: expected ${expected}, the server presented ${seen}. ` +
      'If the server was reinstalled, confirm the new key; otherwise someone may be intercepting the connection.',
  );
}

/** The private key or key file could not be used; counts as an authentication failure. */
export function unusableKey(where: string, detail: string, cause?: unknown) {
  return new SshError('ssh_auth', `The private key for ${where} cannot be used: ${detail}`, {
    cause,
  });
}

/** The jump host itself failed; the message keeps the inner reason's message. */
export function jumpFailed(jumpWhere: string, inner: SshError) {
  return new SshError('ssh_jump_failed', `The jump host ${jumpWhere} failed: ${inner.message}`, {
    cause: inner,
    innerReason: inner.reason,
  });
}

/** How OpenSSH words a failed `direct-tcpip` connect (strerror or gai_strerror text). */
const FORWARD_FAILURES: ReadonlyArray<readonly [RegExp, SshReason]> = [
  [/refused/i, 'ssh_refused'],
  [/no route|unreachable/i, 'ssh_unreachable'],
  [/timed out/i, 'ssh_timeout'],
  [/name or service|not known|getaddrinfo|temporary failure in name resolution/i, 'ssh_dns'],
];

/**
 * The jump host could not open a tunnel to the target. "Administratively prohibited" means the
 * jump host forbids forwarding (its own failure); a connect failure is the target's, as seen from
 * the jump host, and keeps the target's reason.
 */
export function classifyForwardError(err: unknown, ctx: AttemptContext, jumpWhere: string) {
  const detail = detailOf(err);
  const asJumpFailure = (what: string) =>
    jumpFailed(jumpWhere, new SshError('ssh_closed', what, { cause: err }));
  if (asLibraryError(err).reason === 1) {
    return asJumpFailure(`it does not allow TCP forwarding (${detail})`);
  }
  const reason = FORWARD_FAILURES.find(([pattern]) => pattern.test(detail))?.[1];
  if (!reason) return asJumpFailure(`it could not reach ${ctx.host}:${ctx.port} (${detail})`);
  return new SshError(reason, messageOf(reason, { ...ctx, via: jumpWhere }, detail), {
    cause: err,
  });
}

/** Stable reasons for a remote command that did not run to its end. */
export type ExecReason = 'exec_timeout' | 'exec_aborted' | 'exec_failed';

/**
 * A remote command that was stopped or could not run. The message never holds command output
 * (that goes to the job log); the output received so far is kept on `partial` for the caller.
 */
export class ExecError extends AppError {
  declare readonly reason: ExecReason;

  constructor(
    reason: ExecReason,
    message: string,
    readonly partial: { stdout: string; stderr: string; durationMs: number } | undefined,
    cause?: unknown,
  ) {
    super(Code.error, message, reason);
    this.name = 'ExecError';
    if (cause !== undefined) this.cause = cause;
  }
}
