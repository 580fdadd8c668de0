import { createHmac, randomUUID } from 'node:crypto';
import { freshNow, type DeliveryRequest } from './webhook-fixtures.js';

/**
 * Push deliveries shaped as each provider's documentation shows them (headers and body, trimmed
 * to the fields a receiver reads and those that make one push differ from another), signed with
 * `secret` as that provider signs.
 */
export type DocumentedProvider = 'github' | 'gitlab' | 'gitee' | 'gitee-password' | 'svn';

export interface DocumentedPush {
  secret: string;
  /** The branch (`main`): `refs/heads/main` for git hosts, as it is for an SVN hook. */
  branch: string;
  /** The branch's head before and after the push. */
  before: string;
  after: string;
  /** The revision an SVN post-commit hook is given. */
  revision?: number;
  /** When it is sent (ms); default now (`freshNow`). */
  now?: number;
}

const json = 'application/json';

/** GitHub: webhook-events-and-payloads#push, with its delivery headers. */
function github(p: DocumentedPush, now: number): DeliveryRequest {
  const commit = {
    id: p.after,
    tree_id: p.after.split('').reverse().join(''),
    distinct: true,
    message: 'Update index.html',
    timestamp: new Date(now).toISOString(),
    url: `https://github.com/octo-org/octo-repo/commit/${p.after}`,
    author: { name: 'Monalisa Octocat', email: 'mona@github.com', username: 'octocat' },
    committer: { name: 'GitHub', email: 'noreply@github.com', username: 'web-flow' },
    added: [],
    removed: [],
    modified: ['index.html'],
  };
  const body = JSON.stringify({
    ref: `refs/heads/${p.branch}`,
    before: p.before,
    after: p.after,
    repository: {
      id: 186853002,
      name: 'octo-repo',
      full_name: 'octo-org/octo-repo',
      private: true,
      pushed_at: Math.floor(now / 1000),
      default_branch: p.branch,
    },
    pusher: { name: 'octocat', email: 'mona@github.com' },
    sender: { login: 'octocat', id: 583231, type: 'User' },
    created: false,
    deleted: false,
    forced: false,
    base_ref: null,
    compare: `https://github.com/octo-org/octo-repo/compare/${p.before.slice(0, 12)}...${p.after.slice(0, 12)}`,
    commits: [commit],
    head_commit: commit,
  });
  const hmac = (alg: string) => createHmac(alg, p.secret).update(body).digest('hex');
  return {
    headers: {
      'content-type': json,
      'user-agent': 'GitHub-Hookshot/044aadd',
      'x-github-event': 'push',
      'x-github-delivery': randomUUID(),
      'x-github-hook-id': '292430182',
      'x-github-hook-installation-target-id': '79929171',
      'x-github-hook-installation-target-type': 'repository',
      'x-hub-signature': `sha1=${hmac('sha1')}`,
      'x-hub-signature-256': `sha256=${hmac('sha256')}`,
    },
    query: {},
    body,
  };
}

/** GitLab: webhook_events#push-events, with its delivery headers. */
function gitlab(p: DocumentedPush): DeliveryRequest {
  const body = JSON.stringify({
    object_kind: 'push',
    event_name: 'push',
    before: p.before,
    after: p.after,
    ref: `refs/heads/${p.branch}`,
    ref_protected: true,
    checkout_sha: p.after,
    user_id: 4,
    user_name: 'John Smith',
    user_username: 'jsmith',
    project_id: 15,
    project: { id: 15, name: 'Diaspora', path_with_namespace: 'mike/diaspora' },
    commits: [{ id: p.after, message: 'Update index.html', title: 'Update index.html' }],
    total_commits_count: 1,
  });
  return {
    headers: {
      'content-type': json,
      'user-agent': 'GitLab/17.6.0',
      'x-gitlab-event': 'Push Hook',
      'x-gitlab-token': p.secret,
      'x-gitlab-instance': 'https://gitlab.example.com',
      'x-gitlab-webhook-uuid': '16d7e6c4-1c9e-4a5e-8d0b-4e0c3f8c6c11',
      'x-gitlab-event-uuid': randomUUID(),
      'idempotency-key': randomUUID(),
    },
    query: {},
    body,
  };
}

/** Gitee: help/articles/4186 (WebHook 推送数据格式说明), signing key or password mode. */
function gitee(p: DocumentedPush, now: number, password: boolean): DeliveryRequest {
  const timestamp = String(now);
  const sign = createHmac('sha256', p.secret).update(`${timestamp}\n${p.secret}`).digest('base64');
  const body = JSON.stringify({
    hook_name: 'push_hooks',
    password: password ? p.secret : '',
    hook_id: 1,
    hook_url: 'https://gitee.com/liwen/gitos/hooks/1/edit',
    timestamp,
    sign: password ? '' : sign,
    ref: `refs/heads/${p.branch}`,
    before: p.before,
    after: p.after,
    created: false,
    deleted: false,
    compare: `https://gitee.com/oschina/gitee/compare/${p.before}...${p.after}`,
    commits: [{ id: p.after, message: 'Update index.html', distinct: true }],
    total_commits_count: 1,
    commits_more_than_ten: false,
  });
  return {
    headers: {
      'content-type': json,
      'user-agent': 'git-oschina-hook',
      'x-gitee-token': password ? p.secret : sign,
      'x-gitee-timestamp': timestamp,
      'x-gitee-event': 'Push Hook',
    },
    query: {},
    body,
  };
}

/** SVN: the post-commit hook the webhook drawer shows, naming its revision. */
function svn(p: DocumentedPush): DeliveryRequest {
  return {
    headers: { 'content-type': json, 'x-svn-event': 'push' },
    query: { token: p.secret },
    body: JSON.stringify({ ref: p.branch, revision: p.revision ?? 1 }),
  };
}

/** A push delivery of `provider` as its documentation shows it, signed with `p.secret`. */
export function documentedPush(provider: DocumentedProvider, p: DocumentedPush): DeliveryRequest {
  const now = p.now ?? freshNow();
  switch (provider) {
    case 'github':
      return github(p, now);
    case 'gitlab':
      return gitlab(p);
    case 'gitee':
    case 'gitee-password':
      return gitee(p, now, provider === 'gitee-password');
    case 'svn':
      return svn(p);
  }
}
