import { SafetyCertificateOutlined, WarningOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Alert, Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../auth/Can';
import { MonoText } from '../../../ui/MonoText';
import type { ProjectRow } from '../utils/ProjectRow';

interface RepoKeyWarningProps {
  project: ProjectRow;
  /** A tag and a small button for a table row, rather than a full alert. */
  compact?: boolean;
  onAccept: (project: ProjectRow) => void;
}

function AcceptButton({ project, onAccept }: Omit<RepoKeyWarningProps, 'compact'>) {
  const { t } = useTranslation('project');
  return (
    <Can anyOf={[Perm.EditProject]}>
      <Button
        size="small"
        danger
        icon={<SafetyCertificateOutlined />}
        onClick={() => onAccept(project)}
        aria-label={t('hostKey.acceptFor', { name: project.name })}
      >
        {t('hostKey.accept')}
      </Button>
    </Can>
  );
}

/**
 * The repository host presented another key than the trusted one: git refuses it (every pull,
 * test and deploy fails) until someone with EditProject accepts the new key.
 */
export function RepoKeyWarning({ project, compact, onAccept }: RepoKeyWarningProps) {
  const { t } = useTranslation('project');
  if (compact) {
    return (
      <Flex gap={4} align="center" wrap>
        <Tooltip title={t('hostKey.rowHelp')}>
          <Tag icon={<WarningOutlined />} color="error" variant="filled">
            {t('hostKey.changedTag')}
          </Tag>
        </Tooltip>
        <AcceptButton project={project} onAccept={onAccept} />
      </Flex>
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('hostKey.changedTitle')}
      description={
        <Flex vertical gap={8} align="flex-start">
          <Typography.Text type="secondary">{t('hostKey.help')}</Typography.Text>
          <Typography.Text style={{ wordBreak: 'break-all' }}>
            {t('hostKey.trusted')} <MonoText>{project.repoHostKey || t('hostKey.none')}</MonoText>
          </Typography.Text>
          <Typography.Text style={{ wordBreak: 'break-all' }}>
            {t('hostKey.presented')} <MonoText>{project.repoPendingHostKey}</MonoText>
          </Typography.Text>
          <AcceptButton project={project} onAccept={onAccept} />
        </Flex>
      }
    />
  );
}
