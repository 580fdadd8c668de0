import { ReviewState } from '@ferry/contract/client';
import { Button, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { ErrorState } from '../../../ui/ErrorState';
import { ResponsiveDrawer } from '../../../ui/ResponsiveDrawer';
import { useReviewChanges } from '../hooks/useReviewChanges';
import { shortCommit } from '../utils/commitInfo';
import type { ReviewRow } from '../utils/ReviewRow';
import { ReviewChangesView } from './ReviewChangesView';

interface ReviewChangesDrawerProps {
  /** The review shown; none: closed. */
  review?: ReviewRow;
  onClose: () => void;
  onApprove: (review: ReviewRow) => void;
  onReject: (review: ReviewRow) => void;
}

/**
 * One review's commit and what approving it changes against the live release, over the review
 * list; a waiting review is approved or rejected from its foot.
 */
export function ReviewChangesDrawer({
  review,
  onClose,
  onApprove,
  onReject,
}: ReviewChangesDrawerProps) {
  const { t } = useTranslation('review');
  const changes = useReviewChanges(review?.id ?? 0, review !== undefined);
  const waiting = review?.state === ReviewState.waiting;
  let body;
  if (changes.isPending) {
    body = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin aria-label={t('changes.loading')} />
      </Flex>
    );
  } else if (changes.isError) {
    body = (
      <ErrorState
        title={t('changes.loadFailed')}
        detail={errorText(changes.error)}
        onRetry={() => void changes.refetch()}
      />
    );
  } else {
    body = <ReviewChangesView changes={changes.data} />;
  }
  return (
    <ResponsiveDrawer
      open={review !== undefined}
      onClose={onClose}
      width={720}
      title={
        review
          ? t('changes.title', { commit: shortCommit(review.commitId), creator: review.creator })
          : ''
      }
      footer={
        review && waiting ? (
          <Flex justify="flex-end" gap={8} wrap>
            <Button danger onClick={() => onReject(review)}>
              {t('action.reject')}
            </Button>
            <Button type="primary" onClick={() => onApprove(review)}>
              {t('action.approve')}
            </Button>
          </Flex>
        ) : null
      }
    >
      {body}
    </ResponsiveDrawer>
  );
}
