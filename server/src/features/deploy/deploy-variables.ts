import path from 'node:path';
import type { CommitInfo } from '../../infra/git/commit-log.js';
import type { Variables } from '../../core/variables.js';
import type { ServerFacts } from '../server/server.api.js';

export type { ServerFacts };
export { substitute, type Variables } from '../../core/variables.js';
export { serverVariables } from '../server/server.api.js';

/** What the project variables are made of (reference §5.11). */
export interface ProjectFacts {
  id: number;
  name: string;
  path: string;
  symlinkPath: string;
  branch: string;
  environment: number;
  label: string;
  repoType: string;
  url: string;
  repositoryPath: string;
  token: string;
}

export function projectVariables(p: ProjectFacts): Variables {
  return {
    PROJECT_ID: String(p.id),
    PROJECT_NAME: p.name,
    PROJECT_PATH: p.path,
    PROJECT_SYMLINK_PATH: p.symlinkPath ? path.posix.join(p.symlinkPath, p.token) : '',
    PROJECT_BRANCH: p.branch,
    PROJECT_ENV: String(p.environment),
    PROJECT_LABEL: p.label,
    REPOSITORY_TYPE: p.repoType,
    REPOSITORY_URL: p.url,
    REPOSITORY_PATH: p.repositoryPath,
    PUBLISH_TOKEN: p.token,
  };
}

export function commitVariables(c: CommitInfo | undefined): Variables {
  return {
    COMMIT_ID: c?.commit ?? '',
    COMMIT_SHORT_ID: c?.commit.slice(0, 6) ?? '',
    COMMIT_BRANCH: c?.branch ?? '',
    COMMIT_TAG: c?.tag ?? '',
    COMMIT_AUTHOR: c?.author ?? '',
    COMMIT_TIMESTAMP: c ? String(c.timestamp) : '',
    COMMIT_MESSAGE: c?.message ?? '',
  };
}

/** `${PROJECT_SERVERS}`: the targets as JSON, without any secret (goploy included passwords). */
export function projectServersVariable(servers: readonly ServerFacts[]): Variables {
  const list = servers.map((s) => ({
    serverId: s.id,
    serverName: s.name,
    serverIp: s.ip,
    serverPort: s.port,
    serverOwner: s.owner,
  }));
  return { PROJECT_SERVERS: JSON.stringify(list) };
}

/** The custom variables of a deploy: the project's defaults, overridden by the publish values. */
export function customVariables(
  defined: readonly { name: string; value: string; type?: string }[],
  given: readonly { name: string; value: string }[],
): Variables {
  const out: Variables = {};
  for (const v of defined) {
    // A list's value holds its options, comma-separated; the first is the default.
    out[v.name] = v.type === 'list' ? (v.value.split(',')[0] ?? '').trim() : v.value;
  }
  for (const v of given) out[v.name] = v.value;
  return out;
}
