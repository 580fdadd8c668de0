import {
  type deployRoutes,
  HubType,
  Perm,
  ReviewState,
  type RouteParsed,
  type DeployReviewMessage,
  branchName,
  hasHistory,
} from '@ferry/contract';
import { createdBy } from '../../core/authored.js';
import { formatTime, type Clock } from '../../core/clock.js';
import type { SecretBox } from '../../core/crypto.js';
import { AppError, denied, failed, notFound } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import type { Hub } from '../../core/ws/hub.js';
import type { NotificationApi } from '../notification/notification.api.js';
import type { ProjectAccess, ProjectRecord } from '../project/project.api.js';
import { deployAudience } from './deploy-run.js';
import type { DeployStateStore } from './deploy-state.js';
import type { ReviewCommits } from './review-commits.js';
import type { ReviewRecord, ReviewRepository } from './review.repository.js';

export type PublishRequest = RouteParsed<typeof deployRoutes.publish>;
type Publisher = { id: number; name: string };

/** How long a review's approval link works. */
const CALLBACK_LIFETIME_MS = 7 * 24 * 3_600_000;

const callbackText = (id: number, expires: number) => `project_review:${id}:${expires}`;

/**
 * Deploy reviews (reference §5.7, with its holes closed): a publish of a project under review by
 * a member who may not review waits as a review; a reviewer approves (the deploy then runs as the
 * member who asked) or rejects it with a reason. The review URL tells an outside approval system,
 * whose approval link is signed, expires and works once.
 */
export function createReviewService(deps: {
  reviews: ReviewRepository;
  projects: Pick<ProjectAccess, 'readable' | 'findLive' | 'notifyChannel'>;
  states: Pick<DeployStateStore, 'boundUserIds'>;
  commits: ReviewCommits;
  notifications: NotificationApi;
  hub: Hub;
  box: SecretBox;
  clock: Clock;
  /** Starts the deploy a review was for, as `publisher`; answers its token. */
  start: (row: ProjectRecord, publisher: Publisher, request: PublishRequest) => Promise<string>;
}) {
  const { reviews, projects, clock } = deps;

  /** goploy's placeholders, each value URL-encoded, the callback a signed link. */
  function reviewUrl(row: ProjectRecord, r: ReviewRecord, origin: string): string {
    const expires = Math.floor((clock.now() + CALLBACK_LIFETIME_MS) / 1000);
    const sign = deps.box.sign(callbackText(r.id, expires));
    const callback = `${origin}/deploy/callback?project_review_id=${r.id}&expires=${expires}&sign=${sign}`;
    const values: Record<string, string> = {
      __PROJECT_ID__: String(row.id),
      __PROJECT_NAME__: row.name,
      __BRANCH__: r.branch,
      __ENVIRONMENT__: String(row.environment),
      __COMMIT_ID__: r.commit_id,
      __PUBLISH_TIME__: String(Math.floor(r.insert_time / 1000)),
      __PUBLISHER_ID__: String(r.creator_id),
      __PUBLISHER_NAME__: r.creator,
      __CALLBACK__: callback,
    };
    return row.review_url.replace(/__[A-Z_]+__/g, (k) =>
      k in values ? encodeURIComponent(values[k]!) : k,
    );
  }

  async function tell(
    row: ProjectRecord,
    r: ReviewRecord,
    token: string,
    asked?: Pick<DeployReviewMessage, 'commitMessage' | 'changes'>,
  ): Promise<void> {
    const message: DeployReviewMessage = {
      projectId: row.id,
      projectName: row.name,
      reviewId: r.id,
      state: r.state,
      creatorId: r.creator_id,
      creator: r.creator,
      editor: r.editor,
      reason: r.reason,
      token,
      branch: r.branch,
      commitId: r.commit_id,
      commitMessage: asked?.commitMessage ?? '',
      changes: asked?.changes ?? null,
    };
    const bound = await deps.states.boundUserIds(row.id);
    deps.hub.publish(
      row.namespace_id,
      { type: HubType.deployReview, message },
      deployAudience(row.id, bound),
    );
  }

  /** Decides a waiting review once; an approval starts its deploy as the member who asked. */
  async function decide(
    r: ReviewRecord,
    decision: { state: number; reason: string; editor: Publisher },
  ): Promise<void> {
    const row = await projects.findLive(r.project_id, r.namespace_id);
    if (!row) throw notFound('Project');
    const approving = decision.state === ReviewState.approved;
    if (approving && !r.commit_id && hasHistory(row.repo_type)) {
      // Asked before reviews named their commit: approving it would deploy whatever the branch
      // holds now, which nobody reviewed.
      throw failed(
        `Review #${r.id} names no commit: reject it and ask for the deploy again`,
        'review_no_commit',
      );
    }
    const won = await reviews.decide(r.id, {
      state: decision.state,
      reason: decision.state === ReviewState.rejected ? decision.reason : '',
      editor_id: decision.editor.id,
      editor: decision.editor.name,
      update_time: clock.now(),
    });
    if (!won) throw failed('This review has already been decided', 'review_decided');
    const decided = (await reviews.byId(r.id))!;
    let token = '';
    if (approving) {
      // SECURITY: the commit resolved when the review was asked, never the branch's head now.
      const asked = JSON.parse(r.payload) as PublishRequest;
      const request = { ...asked, branch: r.branch, commit: r.commit_id };
      try {
        token = await deps.start(row, { id: r.creator_id, name: r.creator }, request);
      } catch (err) {
        // Nothing runs (no server bound any more, a variable gone): the review waits again.
        await reviews.reopen(r.id);
        throw err;
      }
      await reviews.setDeployToken(r.id, token);
      decided.deploy_token = token;
    } else {
      await deps.notifications.notifyText({
        namespaceId: row.namespace_id,
        projectId: row.id,
        projectName: row.name,
        channel: projects.notifyChannel(row),
        title: `Deploy of ${row.name} rejected`,
        text:
          `${decision.editor.name} rejected the deploy of ${row.name} ` +
          `(${r.branch} ${r.commit_id.slice(0, 7)}) asked by ${r.creator}` +
          (decided.reason ? `: ${decided.reason}` : '.'),
        custom: { review: presentReview(decided) },
        subject: `${row.name} deploy rejected`,
        creator: decision.editor.name,
      });
    }
    await tell(row, decided, token);
  }

  /** The counts a new review's frame carries; null when they cannot be read (logged). */
  async function changeCounts(ctx: RequestContext, row: ProjectRecord, r: ReviewRecord) {
    try {
      const c = await deps.commits.changes(row, r.commit_id, r.branch);
      return c.live ? { commits: c.commits.length, files: c.files.length } : null;
    } catch (err) {
      ctx.log.warn({ err, reviewId: r.id }, 'the changes of a new review could not be read');
      return null;
    }
  }

  return {
    /** Whether a publish of `row` by the caller must wait for a reviewer. */
    needsReview: (ctx: RequestContext, row: ProjectRecord) =>
      row.review === 1 && !ctx.permissions.has(Perm.DeployReview),

    /**
     * Records the publish as a waiting review of one commit (the one named, else the branch head
     * now), unless a review of that commit already waits; tells the review URL and the reviewers.
     */
    async request(ctx: RequestContext, row: ProjectRecord, input: PublishRequest, origin: string) {
      // Stored as sent, as goploy keeps it; resolved to a ref here and when it deploys.
      const sent = input.branch || row.branch;
      const ask = {
        commit: input.commit,
        branch: branchName(sent),
        branchNamed: input.branch !== '',
      };
      const { id, commit } = await deps.commits.requested(row, ask, async (commit) => {
        const commitId = commit?.commit ?? '';
        const waiting = commitId ? await reviews.waitingFor(row.id, commitId) : undefined;
        if (waiting !== undefined) {
          throw failed(`Review #${waiting} already waits for this commit`, 'review_waiting');
        }
        const id = await reviews.insert({
          namespace_id: row.namespace_id,
          project_id: row.id,
          branch: sent,
          commit_id: commitId,
          review_url: '',
          state: ReviewState.waiting,
          reason: '',
          payload: JSON.stringify({ ...input, branch: sent, commit: commitId }),
          deploy_token: '',
          ...createdBy(ctx.user, clock.now()),
        });
        return { id, commit };
      });
      const r = (await reviews.byId(id))!;
      if (row.review_url) {
        const url = reviewUrl(row, r, origin);
        await reviews.setReviewUrl(id, url);
        await deps.notifications.callUrl({
          namespaceId: row.namespace_id,
          projectId: row.id,
          projectName: row.name,
          url,
          subject: `${row.name} deploy waits for review`,
          creator: ctx.user.name,
        });
      }
      await tell(row, r, '', {
        commitMessage: commit?.message ?? '',
        changes: commit ? await changeCounts(ctx, row, r) : null,
      });
      return { token: '', ahead: 0, reviewId: id };
    },

    /** What approving a review would change, for a reviewer who may see its project. */
    async changes(ctx: RequestContext, reviewId: number) {
      const r = await reviews.byId(reviewId);
      if (!r || r.namespace_id !== ctx.namespaceId) throw notFound('Review');
      const row = await projects.readable(ctx, r.project_id);
      if (!r.commit_id) {
        throw failed(
          `Review #${r.id} names no commit: there are no changes to show`,
          'review_no_commit',
        );
      }
      return deps.commits.changes(row, r.commit_id, r.branch);
    },

    async review(
      ctx: RequestContext,
      input: { projectReviewId: number; state: number; reason: string },
    ) {
      const r = await reviews.byId(input.projectReviewId);
      if (!r || r.namespace_id !== ctx.namespaceId) throw notFound('Review');
      await projects.readable(ctx, r.project_id);
      await decide(r, {
        state: input.state,
        reason: input.reason,
        editor: { id: ctx.user.id, name: ctx.user.name },
      });
    },

    /** The outside approval system's link: signed, unexpired, and only while the review waits. */
    async callback(input: { project_review_id: number; expires: number; sign: string }) {
      const refused = () => denied('This approval link is not valid', 'review_link_invalid');
      const valid =
        input.expires * 1000 > clock.now() &&
        deps.box.verify(callbackText(input.project_review_id, input.expires), input.sign);
      if (!valid) throw refused();
      const r = await reviews.byId(input.project_review_id);
      if (!r || r.state !== ReviewState.waiting) throw refused();
      await decide(r, {
        state: ReviewState.approved,
        reason: '',
        editor: { id: 0, name: 'approval link' },
      }).catch((err: unknown) => {
        if (err instanceof AppError && err.reason === 'review_decided') {
          throw refused();
        }
        throw err;
      });
    },

    async list(ctx: RequestContext, input: { id: number; page: number; rows: number }) {
      const row = await projects.readable(ctx, input.id);
      return reviews.page(row.id, input, presentReview);
    },

    waiting: (projectIds: number[]) => reviews.waiting(projectIds),
  };
}

function presentReview(r: ReviewRecord) {
  return {
    id: r.id,
    projectId: r.project_id,
    branch: r.branch,
    commitId: r.commit_id,
    reviewURL: r.review_url,
    state: r.state,
    reason: r.reason,
    token: r.deploy_token,
    creatorId: r.creator_id,
    creator: r.creator,
    editorId: r.editor_id,
    editor: r.editor,
    insertTime: formatTime(r.insert_time),
    updateTime: formatTime(r.update_time),
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
