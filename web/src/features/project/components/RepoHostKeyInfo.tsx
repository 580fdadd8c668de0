import { parseRepoUrl, repoOrigin } from '@ferry/contract/client';
import { Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FingerprintText } from '../../../ui/FingerprintText';
import type { ProjectRow } from '../utils/ProjectRow';

const originOf = (url: string) => {
  const parsed = parseRepoUrl(url.trim());
  return 'problem' in parsed ? undefined : { kind: parsed.kind, origin: repoOrigin(parsed) };
};

/**
 * For an ssh address: the host key the console trusts for it, or that one will be trusted at the
 * first contact (and any later change refused until someone accepts it).
 */
export function RepoHostKeyInfo({ project }: { project?: ProjectRow }) {
  const { t } = useTranslation('project');
  const url = Form.useWatch<string | undefined>('url') ?? '';
  const now = originOf(url);
  if (now?.kind !== 'ssh') return null;
  const stored = project ? originOf(project.url) : undefined;
  const known = stored?.origin === now.origin ? project?.repoHostKey : '';
  return (
    <Flex gap={8} align="center" wrap style={{ marginBottom: 24 }}>
      <Typography.Text type="secondary">{t('repo.hostKey')}</Typography.Text>
      {known ? (
        <FingerprintText fingerprint={known} />
      ) : (
        <Typography.Text type="secondary">{t('repo.hostKeyFirstUse')}</Typography.Text>
      )}
    </Flex>
  );
}
