import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MonoText } from '../../../ui/MonoText';
import type { ProjectRow } from '../utils/ProjectRow';

/** Where the project lands on its servers; with symlinks, where its releases are kept too. */
export function DeployPathText({ project }: { project: ProjectRow }) {
  const { t } = useTranslation('project');
  return (
    <Flex vertical style={{ maxWidth: 260, wordBreak: 'break-all' }}>
      <MonoText>{project.path}</MonoText>
      {project.symlinkPath ? (
        <Typography.Text type="secondary" style={{ fontSize: '0.9em' }}>
          {t('table.releasesIn', {
            path: project.symlinkPath,
            count: project.symlinkBackupNumber,
          })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
