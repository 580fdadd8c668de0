import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.js';
import { classifyGitFailure, GitError, type GitErrorReason } from './git-errors.js';

const ran = { timedOut: false, aborted: false };
const COULD_NOT_READ = `fatal: Could not read from remote repository.

Please make sure you have the correct access rights
and the repository exists.
`;

const HOST_KEY_CHANGED = `@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @
@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
IT IS POSSIBLE THAT SOMEONE IS DOING SOMETHING NASTY!
Someone could be eavesdropping on you right now (man-in-the-middle attack)!
It is also possible that a host key has just been changed.
The fingerprint for the ED25519 key sent by the remote host is
SHA256:2Zb1cBcfrW1Ttuu5R7ZdPNwXl9Ib2xG8S4m0uc8mVxg.
Please contact your system administrator.
Add correct host key in /srv/ferry/ssh/known_hosts to get rid of this message.
Offending ED25519 key in /srv/ferry/ssh/known_hosts:1
Host key for [127.0.0.1]:2222 has changed and you have requested strict checking.
Host key verification failed.
${COULD_NOT_READ}`;

const table: Array<[string, string, GitErrorReason, string]> = [
  [
    'ssh host key changed',
    HOST_KEY_CHANGED,
    'git_host_key_changed',
    'The host key of 127.0.0.1:2222 has changed',
  ],
  [
    'ssh host key changed on port 22',
    'Host key for git.example.com has changed and you have requested strict checking.\nHost key verification failed.\n',
    'git_host_key_changed',
    'The host key of git.example.com has changed',
  ],
  [
    'ssh key refused',
    `Warning: Permanently added '[127.0.0.1]:2222' (ED25519) to the list of known hosts.\r\nfe12ab34@127.0.0.1: Permission denied (publickey,password).\r\n${COULD_NOT_READ}`,
    'git_auth_failed',
    'Authentication failed: the repository refused the credentials',
  ],
  [
    'pasted key unreadable',
    `Load key "/srv/ferry/git/tmp/k-1/key": invalid format\r\ngit@github.com: Permission denied (publickey).\r\n${COULD_NOT_READ}`,
    'git_auth_failed',
    'Authentication failed: the private key is not an unencrypted OpenSSH or PEM key',
  ],
  [
    'https token refused',
    "remote: HTTP Basic: Access denied\nfatal: Authentication failed for 'https://gitlab.example.com/group/app.git/'\n",
    'git_auth_failed',
    'Authentication failed: the repository refused the credentials',
  ],
  [
    'https 403',
    "fatal: unable to access 'https://git.example.com/app.git/': The requested URL returned error: 403\n",
    'git_auth_failed',
    'Authentication failed: the repository refused the credentials',
  ],
  [
    'https without credentials',
    "fatal: could not read Username for 'https://github.com': terminal prompts disabled\n",
    'git_auth_failed',
    'Authentication failed: the repository asks for credentials',
  ],
  [
    'missing path over ssh or file',
    `fatal: '/srv/repos/nope.git' does not appear to be a git repository\n${COULD_NOT_READ}`,
    'git_not_found',
    'Repository not found',
  ],
  [
    'github missing repository',
    "remote: Repository not found.\nfatal: repository 'https://github.com/acme/nope.git/' not found\n",
    'git_not_found',
    'Repository not found',
  ],
  [
    'ssh connection refused',
    `ssh: connect to host 127.0.0.1 port 1: Connection refused\r\n${COULD_NOT_READ}`,
    'git_unreachable',
    'Could not reach the repository host: Connection refused',
  ],
  [
    'https cannot connect',
    "fatal: unable to access 'https://127.0.0.1:1/x.git/': Failed to connect to 127.0.0.1 port 1 after 0 ms: Couldn't connect to server\n",
    'git_unreachable',
    "Could not reach the repository host: Couldn't connect to server",
  ],
  [
    'unknown host name',
    "fatal: unable to access 'https://nonexistent.invalid/x.git/': Could not resolve host: nonexistent.invalid\n",
    'git_unreachable',
    'Could not reach the repository host: Unknown host name',
  ],
  [
    'ssh connect timeout',
    `ssh: connect to host 10.99.0.11 port 22: Connection timed out\r\n${COULD_NOT_READ}`,
    'git_unreachable',
    'Could not reach the repository host: Connection timed out',
  ],
  [
    'git daemon refused',
    'fatal: unable to connect to 127.0.0.1:\n127.0.0.1[0: 127.0.0.1]: errno=Connection refused\n',
    'git_unreachable',
    'Could not reach the repository host: Connection refused',
  ],
  [
    'unknown revision',
    "fatal: bad revision 'nope'\n",
    'git_bad_ref',
    'The branch or tag does not exist',
  ],
  [
    'anything else',
    "warning: something\nfatal: detected dubious ownership in repository at '/srv/x'\nTo add an exception…\n",
    'git_failed',
    "git failed: detected dubious ownership in repository at '/srv/x'",
  ],
  ['empty stderr', '', 'git_failed', 'git failed'],
];

describe('classifyGitFailure', () => {
  it.each(table)('classifies %s', (_name, stderr, reason, message) => {
    const error = classifyGitFailure(stderr, ran);
    expect(error).toBeInstanceOf(GitError);
    expect(error).toBeInstanceOf(AppError);
    expect(error.reason).toBe(reason);
    expect(error.message).toBe(message);
  });

  it('reports a timeout or an abort whatever stderr says', () => {
    const timedOut = classifyGitFailure('Connection refused', {
      timedOut: true,
      aborted: false,
      timeoutMs: 120_000,
    });
    expect(timedOut).toMatchObject({ reason: 'git_timeout', message: 'git timed out after 120 s' });
    const aborted = classifyGitFailure('Permission denied (', { timedOut: false, aborted: true });
    expect(aborted).toMatchObject({ reason: 'git_aborted' });
  });

  it('never shows a secret, plain or URL-encoded', () => {
    const token = 'glpat-S3cr3t/+tok=';
    const stderr = `fatal: unable to access 'https://u:${encodeURIComponent(token)}@h/x/': ${token} bad\n`;
    const error = classifyGitFailure(stderr, ran, [token, '']);
    expect(error.message).not.toContain(token);
    expect(error.message).not.toContain(encodeURIComponent(token));
    expect(error.message).toBe("git failed: unable to access 'https://u:***@h/x/': *** bad");
  });

  it('removes terminal escapes and control characters and keeps the message short', () => {
    const stderr = `fatal: \u001b[31mred\u001b[0m \u0007bell ${'x'.repeat(2000)}\n`;
    const error = classifyGitFailure(stderr, ran);
    expect(error.message.startsWith('git failed: red bell xxx')).toBe(true);
    expect(error.message.length).toBeLessThanOrEqual(500);
    // eslint-disable-next-line no-control-regex
    expect(error.message).not.toMatch(/[\u0000-\u001f]/);
  });
});
