import { BranchesOutlined } from '@ant-design/icons';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MonoText } from '../../../ui/MonoText';
import type { ProjectRow } from '../utils/ProjectRow';
import { repoWebLinks } from '../utils/repoWebLinks';
import { RepoKeyWarning } from './RepoKeyWarning';

interface RepoCellProps {
  project: ProjectRow;
  onAcceptKey: (project: ProjectRow) => void;
}

/** Opens a host's page in a new tab, telling it nothing about this console. */
function WebLink({ href, children }: { href?: string; children: string }) {
  if (!href) return <MonoText>{children}</MonoText>;
  return (
    <Typography.Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Typography.Link>
  );
}

/**
 * The repository address and branch, linked to their pages on GitHub, GitLab or Gitee where the
 * address allows; a warning when the repository host presented a new key.
 */
export function RepoCell({ project, onAcceptKey }: RepoCellProps) {
  const { t } = useTranslation('project');
  if (project.repoType === 'empty') {
    return <Tag variant="filled">{t('repoType.empty')}</Tag>;
  }
  const links = repoWebLinks(project.url, project.branch);
  return (
    <Flex vertical gap={2} style={{ maxWidth: 220, wordBreak: 'break-all' }}>
      <WebLink href={links.repo}>{project.url}</WebLink>
      {project.branch ? (
        <Flex gap={4} align="center">
          <BranchesOutlined aria-label={t('table.branch')} />
          <WebLink href={links.branch}>{project.branch}</WebLink>
        </Flex>
      ) : null}
      {project.repoPendingHostKey ? (
        <RepoKeyWarning project={project} compact onAccept={onAcceptKey} />
      ) : null}
    </Flex>
  );
}
