import { ReviewState, reviewRoutes } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call';
import { useFeedback } from '../../../ui/useFeedback';
import { shortCommit } from '../utils/commitInfo';
import type { ReviewProject, ReviewRow } from '../utils/ReviewRow';
import { deployListKey } from './useDeployList';
import { reviewsKey } from './useReviews';

/** What a review is about, in words: its commit (or the branch head) and branch. */
export function useReviewSubject() {
  const { t } = useTranslation('review');
  return (r: ReviewRow) => ({
    commit: shortCommit(r.commitId) || t('headCommit'),
    branch: r.branch,
    creator: r.creator,
  });
}

/**
 * Approve (asked first: the deploy starts at once, as the member who asked) and reject (with the
 * reason the caller collected). Both refresh the review lists and the deploy cards' counts.
 */
export function useDecideReview() {
  const { t } = useTranslation(['review', 'common']);
  const { modal, notification } = useFeedback();
  const queryClient = useQueryClient();
  const subject = useReviewSubject();
  const decide = useMutation({
    mutationFn: (input: { projectReviewId: number; state: number; reason: string }) =>
      call(reviewRoutes.review, input),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: reviewsKey });
      void queryClient.invalidateQueries({ queryKey: deployListKey });
    },
  });
  const approve = (project: ReviewProject, r: ReviewRow) => {
    modal.confirm({
      title: t('review:approve.title', { name: project.name }),
      content: t('review:approve.content', subject(r)),
      okText: t('review:approve.ok'),
      cancelText: t('common:action.cancel'),
      onOk: () =>
        decide
          .mutateAsync({ projectReviewId: r.id, state: ReviewState.approved, reason: '' })
          .then(() => {
            notification.success({
              title: t('review:approve.done', { name: project.name, creator: r.creator }),
              placement: 'bottomLeft',
              duration: 3,
            });
          })
          .catch(() => undefined),
    });
  };
  const reject = (project: ReviewProject, r: ReviewRow, reason: string) =>
    decide.mutateAsync({ projectReviewId: r.id, state: ReviewState.rejected, reason }).then(() => {
      notification.success({
        title: t('review:reject.done', { name: project.name }),
        placement: 'bottomLeft',
        duration: 3,
      });
    });
  return { approve, reject, rejecting: decide.isPending };
}
