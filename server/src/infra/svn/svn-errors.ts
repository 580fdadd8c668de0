import {
  cap,
  cleanText,
  GitError,
  stoppedRun,
  type GitErrorReason,
  type GitOutcome,
} from '../git/git-errors.js';

/*
 * A failed svn run as one of the repository reasons the API already answers for git (the web app
 * words them for any repository), with a short message a user can act on. svn prints its errors
 * as `svn: E<code>: <text>`, the outer context first; the rules read the codes.
 */

const AUTH_REFUSED = 'Authentication failed: the repository refused the credentials';

type Rule = [RegExp, GitErrorReason, (m: RegExpExecArray) => string];

/** First match wins: the specific cause before the context it is wrapped in. */
const RULES: Rule[] = [
  [/E215004|E170001: Authori[sz]ation failed|E170001/, 'git_auth_failed', () => AUTH_REFUSED],
  [/E230001: (Server SSL certificate verification failed[^\n]*)/, 'git_failed', (m) => m[1]!],
  [
    /E670002|E670008|Unknown hostname|Name or service not known/,
    'git_unreachable',
    () => 'The repository host cannot be reached: Unknown host name',
  ],
  [
    /(Connection refused|Connection timed out|No route to host|Network is unreachable|Connection reset by peer)/,
    'git_unreachable',
    (m) => `The repository host cannot be reached: ${m[1]!}`,
  ],
  [/E160006|No such revision/, 'git_bad_ref', () => 'The revision does not exist'],
  [
    /[EW]170000|[EW]160013|E200009|E210005|E220001|E175002.*404|doesn't exist|No repository found/,
    'git_not_found',
    () => 'Repository or path not found',
  ],
];

/**
 * SECURITY: every `secrets` value is replaced by `***` before stderr is read, control characters
 * are removed and the message is capped.
 */
export function classifySvnFailure(
  stderr: string,
  outcome: GitOutcome,
  secrets: readonly string[] = [],
): GitError {
  const stopped = stoppedRun(outcome, 'svn');
  if (stopped) return stopped;
  const clean = cleanText(stderr, secrets);
  for (const [pattern, reason, message] of RULES) {
    const m = pattern.exec(clean);
    if (m) return new GitError(reason, cap(cleanText(message(m), secrets)));
  }
  const lines = clean
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const main = (lines.at(-1) ?? '').replace(/^svn: (E\d+: )?/, '');
  return new GitError('git_failed', cap(main ? `svn failed: ${main}` : 'svn failed'));
}
