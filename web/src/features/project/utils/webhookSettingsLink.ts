import { repoWebLinks } from './repoWebLinks';

export type WebhookHost = 'github' | 'gitlab' | 'gitee' | 'codeup';

/**
 * The page of the repository's host where its webhooks are set, when the host is one we know
 * (GitHub, Gitee, GitLab): which host, and the address.
 */
export function webhookSettingsLink(
  repoUrl: string,
): { host: WebhookHost; url: string } | undefined {
  const { repo } = repoWebLinks(repoUrl);
  if (!repo) return undefined;
  const name = new URL(repo).hostname.toLowerCase();
  if (name.endsWith('github.com')) return { host: 'github', url: `${repo}/settings/hooks` };
  if (name.endsWith('gitee.com')) return { host: 'gitee', url: `${repo}/hooks` };
  return { host: 'gitlab', url: `${repo}/-/hooks` };
}

/** Where each provider documents its webhooks. */
export const WEBHOOK_DOCS: Record<WebhookHost, string> = {
  github: 'https://docs.github.com/webhooks/using-webhooks/creating-webhooks',
  gitlab: 'https://docs.gitlab.com/user/project/integrations/webhooks/',
  gitee: 'https://help.gitee.com/webhook/gitee-webhook-intro',
  codeup: 'https://help.aliyun.com/zh/yunxiao/user-guide/webhooks',
};
