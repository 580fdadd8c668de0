import { Code } from '@ferry/contract';
import { AppError } from '../../core/errors.js';

/** Stable reasons for a failed git call; the web app uses them as i18n keys. */
export type GitErrorReason =
  | 'git_auth_failed'
  | 'git_host_key_changed'
  | 'git_not_found'
  | 'git_unreachable'
  | 'git_timeout'
  | 'git_aborted'
  | 'git_bad_ref'
  | 'git_failed';

/**
 * A git failure with a stable `reason` and a short message a user can act on. It is an
 * `AppError` (code 2), so it reaches the client as `{code: 2, message, reason}`. The message
 * never holds a credential: build it with `classifyGitFailure` or from checked values only.
 */
export class GitError extends AppError {
  declare readonly reason: GitErrorReason;

  constructor(reason: GitErrorReason, message: string, options: { cause?: unknown } = {}) {
    super(Code.error, message, reason);
    this.name = 'GitError';
    if (options.cause !== undefined) this.cause = options.cause;
  }
}

/** How a git run ended, as far as the classification needs it. */
export interface GitOutcome {
  timedOut: boolean;
  aborted: boolean;
  /** The limit that was exceeded, for the message of a timeout. */
  timeoutMs?: number;
}

const MAX_MESSAGE = 500;
const AUTH_REFUSED = 'Authentication failed: the repository refused the credentials';

type Rule = [RegExp, GitErrorReason, (m: RegExpExecArray) => string];

/** First match wins: a key problem before the refusal it causes, and so on. */
const RULES: Rule[] = [
  [/Host key for (\S+) has changed/, 'git_host_key_changed', (m) => hostKeyChanged(m[1]!)],
  [/REMOTE HOST IDENTIFICATION HAS CHANGED/, 'git_host_key_changed', () => hostKeyChanged('')],
  [/Host key verification failed/, 'git_host_key_changed', () => 'Host key verification failed'],
  [
    /Load key .*?: (invalid format|error in libcrypto|incorrect passphrase)/,
    'git_auth_failed',
    () => 'Authentication failed: the private key is not an unencrypted OpenSSH or PEM key',
  ],
  [/Permission denied \(/, 'git_auth_failed', () => AUTH_REFUSED],
  [/Authentication failed for|HTTP Basic: Access denied/, 'git_auth_failed', () => AUTH_REFUSED],
  [/Invalid username or password|returned error: 40[13]\b/, 'git_auth_failed', () => AUTH_REFUSED],
  [
    /could not read (?:Username|Password)|terminal prompts disabled/,
    'git_auth_failed',
    () => 'Authentication failed: the repository asks for credentials',
  ],
  [/does not appear to be a git repository/, 'git_not_found', () => 'Repository not found'],
  [
    /Repository not found|repository '[^']*' not found/i,
    'git_not_found',
    () => 'Repository not found',
  ],
  [/returned error: 404\b/, 'git_not_found', () => 'Repository not found'],
  [/Could not resolve host(?:name)?\b/, 'git_unreachable', () => unreachable('Unknown host name')],
  [
    /(Connection refused|Connection timed out|No route to host|Network is unreachable|Connection reset by peer|Connection closed by|Couldn't connect to server|Operation timed out)/,
    'git_unreachable',
    (m) => unreachable(m[1]!),
  ],
  [
    /bad revision|unknown revision|ambiguous argument|not a valid object name|couldn't find remote ref|invalid refspec/,
    'git_bad_ref',
    () => 'The branch or tag does not exist',
  ],
];

/**
 * Turns a failed git run (stderr read with LANG=C) into a GitError with a stable reason and a
 * short message. SECURITY: every `secrets` value (token, key) is replaced by `***` before
 * anything is read from stderr, control characters are removed and the message is capped.
 */
export function classifyGitFailure(
  stderr: string,
  outcome: GitOutcome,
  secrets: readonly string[] = [],
): GitError {
  const stopped = stoppedRun(outcome, 'git');
  if (stopped) return stopped;
  const clean = cleanText(stderr, secrets);
  for (const [pattern, reason, message] of RULES) {
    const m = pattern.exec(clean);
    if (m) return new GitError(reason, cap(cleanText(message(m), secrets)));
  }
  const line = mainLine(clean);
  return new GitError('git_failed', cap(line ? `git failed: ${line}` : 'git failed'));
}

/**
 * SECURITY: `text` with every secret (and its URL-encoded form) replaced by `***`, ANSI escape
 * sequences and control characters other than newlines removed.
 */
export function cleanText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret === '') continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) {
      out = out.replaceAll(form, '***');
    }
  }
  return (
    out
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-?]*[ -/]*[@-~]/g, '')
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '')
  );
}

/** The line that says what went wrong: the first `fatal:` or `error:`, else the last line. */
function mainLine(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('Warning: Permanently added'));
  const main = lines.find((l) => /^(fatal|error):/.test(l)) ?? lines.at(-1) ?? '';
  return main.replace(/^(fatal|error):\s*/, '');
}

/** `[host]:port` (ssh's spelling) as `host:port`. */
function hostKeyChanged(token: string): string {
  const host = token.replace(/^\[(.*)\]:(\d+)$/, '$1:$2');
  return host ? `The host key of ${host} has changed` : 'The host key of the server has changed';
}

function unreachable(why: string): string {
  return `Could not reach the repository host: ${why}`;
}

/** The error of a run that was cancelled or ran out of time (of `program`, git or svn). */
export function stoppedRun(outcome: GitOutcome, program: string): GitError | undefined {
  if (outcome.aborted) return new GitError('git_aborted', `The ${program} command was cancelled`);
  if (!outcome.timedOut) return undefined;
  const seconds = outcome.timeoutMs ? Number((outcome.timeoutMs / 1000).toFixed(1)) : 0;
  const after = seconds ? ` after ${seconds} s` : '';
  return new GitError('git_timeout', `${program} timed out${after}`);
}

/** A message on one line, at most 500 characters. */
export function cap(message: string): string {
  const oneLine = message.replace(/\s*\n\s*/g, ' ').trim();
  return oneLine.length > MAX_MESSAGE ? `${oneLine.slice(0, MAX_MESSAGE - 1)}…` : oneLine;
}
