import { parseRepoUrl } from '@ferry/contract/client';

/** Pages of a repository on its host's website, where the host is one we know. */
export interface RepoWebLinks {
  repo?: string;
  branch?: string;
  commit?: (sha: string) => string;
}

type HostStyle = 'github' | 'gitlab' | 'gitee';

function styleOf(host: string): HostStyle | undefined {
  const h = host.toLowerCase();
  if (h === 'github.com' || h === 'www.github.com') return 'github';
  if (h === 'gitee.com' || h === 'www.gitee.com') return 'gitee';
  if (h.includes('gitlab')) return 'gitlab';
  return undefined;
}

/** Each path segment escaped, the slashes between them kept (branch names may hold `/`). */
const pathEscaped = (value: string) => value.split('/').map(encodeURIComponent).join('/');

/**
 * The website of `url`'s repository on GitHub, GitLab (gitlab.com or any host named "gitlab")
 * or Gitee, and the pages of `branch` and of a commit. Works from https and from ssh or scp-like
 * addresses (`git@github.com:owner/repo.git`); anything else answers no links.
 * SECURITY: links are rebuilt from the parsed host and path only, always as http(s) addresses, so
 * a crafted repository address cannot become a `javascript:` link.
 */
export function repoWebLinks(url: string, branch = ''): RepoWebLinks {
  const parsed = parseRepoUrl(url.trim());
  if ('problem' in parsed || !['https', 'http', 'ssh'].includes(parsed.kind)) return {};
  const style = styleOf(parsed.host);
  if (!style) return {};
  const segments = parsed.path
    .replace(/\.git\/?$/, '')
    .split('/')
    .filter(Boolean);
  if (segments.length < 2) return {};
  // A web server on http(s) keeps its scheme and port; an ssh address says nothing about the
  // web server, which is then taken to be https on the default port.
  const web = parsed.kind === 'ssh' ? 'https' : parsed.kind;
  const port = parsed.kind !== 'ssh' && parsed.port ? `:${parsed.port}` : '';
  const host = parsed.host.includes(':') ? `[${parsed.host}]` : parsed.host;
  const repo = `${web}://${host}${port}/${segments.map(encodeURIComponent).join('/')}`;
  const sep = style === 'gitlab' ? '/-/' : '/';
  const name = branch.trim();
  return {
    repo,
    ...(name ? { branch: `${repo}${sep}tree/${pathEscaped(name)}` } : {}),
    commit: (sha: string) => `${repo}${sep}commit/${encodeURIComponent(sha)}`,
  };
}
