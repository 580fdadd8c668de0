import { hasHistory } from '@ferry/contract/client';
import { Alert, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { useHeadCommit } from '../hooks/useHeadCommit';
import { commitInfoOf } from '../utils/commitInfo';
import type { DeployRow } from '../utils/DeployRow';
import type { PublishTarget } from '../utils/PublishTarget';
import { CommitDetails } from './CommitDetails';

interface PublishSubjectProps {
  project: DeployRow;
  target: PublishTarget;
}

/**
 * What the deploy will take: the picked commit, else the branch head read now. A failed read does
 * not block the deploy (the server reads the head itself); it says why the commit is not shown.
 */
export function PublishSubject({ project, target }: PublishSubjectProps) {
  const { t } = useTranslation('deploy');
  const git = hasHistory(project.repoType);
  const head = useHeadCommit(project.id, project.branch, git && !target.info);
  if (target.info) return <CommitDetails commit={target.info} />;
  if (!git) return <Typography.Text>{t('publish.noRepository')}</Typography.Text>;
  if (head.isPending) {
    return (
      <Flex gap={8} align="center">
        <Spin size="small" />
        <Typography.Text type="secondary">
          {t('publish.readingHead', { branch: project.branch })}
        </Typography.Text>
      </Flex>
    );
  }
  if (head.isError) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('publish.headFailed', { branch: project.branch })}
        description={errorText(head.error)}
      />
    );
  }
  if (!head.data)
    return <Typography.Text>{t('publish.noCommits', { branch: project.branch })}</Typography.Text>;
  const live =
    head.data.commit !== '' && head.data.commit === commitInfoOf(project.publishExt).commit;
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">
        {t('publish.head', { branch: project.branch })}
      </Typography.Text>
      {live ? <Alert type="info" showIcon title={t('publish.headLive')} /> : null}
      <CommitDetails commit={head.data} />
    </Flex>
  );
}
