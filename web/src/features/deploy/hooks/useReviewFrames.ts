import { HubType, Perm, ReviewState, type DeployReviewMessage } from '@ferry/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import i18next, { type TFunction } from 'i18next';
import { createElement } from 'react';
import { useHubFrame } from '../../../api/hub/useHubFrame';
import { hasPermission } from '../../../auth/hasPermission';
import { useUserInfo } from '../../../auth/useUserInfo';
import { loadNamespaces } from '../../../platform';
import { useFeedback } from '../../../ui/useFeedback';
import type { DeployHandlers } from '../components/DeployHandlers';
import { shortCommit } from '../utils/commitInfo';
import { asReviewMessage } from '../utils/reviewMessage';
import { deployListKey } from './useDeployList';
import { reviewsKey } from './useReviews';

/** Whom a review frame tells something: reviewers of a new one, the asker of a decided one. */
function audience(m: DeployReviewMessage, me: number, reviewer: boolean) {
  if (m.state === ReviewState.waiting) return reviewer && m.creatorId !== me ? 'reviewer' : '';
  return m.creatorId === me && m.editor ? 'asker' : '';
}

/** What a reviewer is told of a new request: its commit and how far it is from the live one. */
function askedText(t: TFunction<'review'>, m: DeployReviewMessage): string {
  if (!m.commitId) return t('frame.askedHelp');
  const commit = t('frame.askedCommit', {
    commit: shortCommit(m.commitId),
    branch: m.branch,
    message: m.commitMessage,
  });
  if (!m.changes) return `${commit}\n${t('frame.askedHelp')}`;
  const since = t('frame.since', {
    commits: t('frame.commitCount', { count: m.changes.commits }),
    files: t('frame.fileCount', { count: m.changes.files }),
  });
  return `${commit}\n${since}`;
}

/**
 * Type-12 hub frames (a review asked for or decided): the cards' counts and open review lists
 * refresh; reviewers hear of a new request (with a way to it), the member who asked of the
 * decision (with a way to the deploy it started).
 */
export function useReviewFrames(on: DeployHandlers) {
  const queryClient = useQueryClient();
  const { notification } = useFeedback();
  const info = useUserInfo();
  const me = info?.userInfo.id ?? 0;
  const reviewer = hasPermission(info?.namespace.permissionIds, [Perm.DeployReview]);
  useHubFrame(HubType.deployReview, (raw) => {
    const m = asReviewMessage(raw);
    if (!m) return;
    void queryClient.invalidateQueries({ queryKey: deployListKey });
    void queryClient.invalidateQueries({ queryKey: reviewsKey });
    const who = audience(m, me, reviewer);
    if (!who) return;
    const project = { id: m.projectId, name: m.projectName };
    const key = `review-${m.reviewId}`;
    // The texts come with the first frame: most sessions never see one.
    void loadNamespaces('review').then(() => {
      const t = i18next.getFixedT(null, 'review');
      const action = (label: string, run: () => void) =>
        createElement(
          Button,
          {
            type: 'primary',
            size: 'small',
            onClick: () => {
              notification.destroy(key);
              run();
            },
          },
          label,
        );
      if (who === 'reviewer') {
        notification.info({
          key,
          title: t('frame.asked', { creator: m.creator, name: m.projectName }),
          description: createElement(
            'span',
            { style: { whiteSpace: 'pre-line' } },
            askedText(t, m),
          ),
          actions: action(t('frame.review'), () => on.onReviews(project)),
          placement: 'bottomLeft',
          duration: 10,
        });
      } else if (m.state === ReviewState.approved) {
        notification.success({
          key,
          title: t('frame.approved', { editor: m.editor, name: m.projectName }),
          description: t('frame.approvedHelp'),
          actions: m.token
            ? action(t('frame.follow'), () => on.onProgress(project, m.token))
            : null,
          placement: 'bottomLeft',
          duration: 10,
        });
      } else {
        notification.warning({
          key,
          title: t('frame.rejected', { editor: m.editor, name: m.projectName }),
          description: m.reason || undefined,
          placement: 'bottomLeft',
          duration: 0,
        });
      }
    });
  });
}
