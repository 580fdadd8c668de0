import { Alert, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { shortCommit } from '../utils/commitInfo';
import type { ReviewChanges } from '../utils/ReviewChanges';
import { ChangedFileList } from './ChangedFileList';
import { ReviewCommitHeading } from './ReviewCommitHeading';
import { ReviewCommitList } from './ReviewCommitList';

/** A titled part of the view; `empty` stands in for a list with nothing in it. */
function Part({ title, empty, children }: { title: string; empty?: string; children?: ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children ?? <Typography.Text type="secondary">{empty}</Typography.Text>}
    </section>
  );
}

/**
 * What approving a review changes: the commit asked for, then against the live one the commits
 * it brings, those it takes away and the files that differ. Without a live release there is
 * nothing to compare, and it says so.
 */
export function ReviewChangesView({ changes }: { changes: ReviewChanges }) {
  const { t } = useTranslation('review');
  const { commit, live, commits, dropped, files, truncated } = changes;
  return (
    <Flex vertical gap={20}>
      <Part title={t('changes.asked')}>
        <ReviewCommitHeading commit={commit} />
      </Part>
      {live ? (
        <Typography.Text type="secondary">
          {t('changes.against', { commit: shortCommit(live.commit), message: live.message })}
        </Typography.Text>
      ) : (
        <Alert type="info" showIcon title={t('changes.noLive')} />
      )}
      {truncated ? <Alert type="warning" showIcon title={t('changes.truncated')} /> : null}
      {live ? (
        <>
          <Part
            title={t('changes.commits', { count: commits.length })}
            empty={t('changes.noCommits')}
          >
            {commits.length > 0 ? (
              <ReviewCommitList commits={commits} label={t('changes.commitsLabel')} />
            ) : null}
          </Part>
          {dropped.length > 0 ? (
            <Part title={t('changes.dropped', { count: dropped.length })}>
              <Flex vertical gap={8}>
                <Alert type="warning" showIcon title={t('changes.droppedHelp')} />
                <ReviewCommitList commits={dropped} label={t('changes.droppedLabel')} />
              </Flex>
            </Part>
          ) : null}
          <Part
            title={t('changes.filesCount', { count: files.length })}
            empty={t('changes.noFiles')}
          >
            {files.length > 0 ? <ChangedFileList files={files} /> : null}
          </Part>
        </>
      ) : null}
    </Flex>
  );
}
