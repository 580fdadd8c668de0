import { Collapse, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeBox } from '../../../ui/CodeBox';
import { WEBHOOK_DOCS, webhookSettingsLink, type WebhookHost } from '../utils/webhookSettingsLink';

const GIT_HOSTS: readonly WebhookHost[] = ['github', 'gitlab', 'gitee', 'codeup'];

/** What to fill in on each provider's webhook page, with links to that page and its help. */
export function WebhookProviders({ url, repoUrl }: { url: string; repoUrl: string }) {
  const { t } = useTranslation('webhook');
  const settings = webhookSettingsLink(repoUrl);
  // A post-commit hook is given the repository ($1) and the revision ($2): the revision makes
  // each call differ, since the same call sent twice is refused as a replay.
  const svnCommand = `curl -s -X POST -H 'X-SVN-Event: push' -H 'Content-Type: application/json' -d '{"ref":"<branch>","revision":'"$2"'}' '${url}&token=<secret>'`;
  const link = (href: string, text: string) => (
    <Typography.Link href={href} target="_blank" rel="noreferrer">
      {text}
    </Typography.Link>
  );
  const items: Array<{ key: string; label: string; children: ReactNode }> = GIT_HOSTS.map(
    (host) => ({
      key: host,
      label: t(`provider.${host}.name`),
      children: (
        <Flex vertical gap={4}>
          <Typography.Text>{t(`provider.${host}.steps`)}</Typography.Text>
          <Flex gap={12} wrap>
            {settings?.host === host ? link(settings.url, t('openSettings')) : null}
            {link(WEBHOOK_DOCS[host], t('docs'))}
          </Flex>
        </Flex>
      ),
    }),
  );
  items.push({
    key: 'svn',
    label: t('provider.svn.name'),
    children: (
      <Flex vertical gap={4}>
        <Typography.Text>{t('provider.svn.steps')}</Typography.Text>
        <CodeBox text={svnCommand} label={t('provider.svn.name')} copyLabel={t('copyCommand')} />
      </Flex>
    ),
  });
  return <Collapse size="small" accordion items={items} />;
}
