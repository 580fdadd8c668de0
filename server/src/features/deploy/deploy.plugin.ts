import { deployRoutes, logRoutes, reviewRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { bindPublicRoute, bindRoute } from '../../core/http/bind-route.js';
import type { DeployQueries } from './deploy-queries.service.js';
import type { DeployService } from './deploy.service.js';
import type { ReviewService } from './review.service.js';
import { requestOrigin } from '../../core/http/context.js';

/** The console's address as the caller reached it (Host is checked against Origin). */

export function deployPlugin(deps: {
  deploys: DeployService;
  queries: DeployQueries;
  reviews: ReviewService;
}) {
  const { deploys, queries, reviews } = deps;
  return async (app: FastifyInstance) => {
    bindRoute(app, deployRoutes.getList, async ({ ctx }) => ({ list: await queries.list(ctx) }));
    bindRoute(app, deployRoutes.getPublishTrace, async ({ ctx, input }) => ({
      list: await queries.trace(ctx, input.lastPublishToken),
    }));
    bindRoute(app, deployRoutes.getPublishTraceDetail, async ({ ctx, input }) => ({
      detail: await queries.traceDetail(ctx, input.id),
    }));
    bindRoute(app, deployRoutes.getPublishProgress, ({ ctx, input }) =>
      queries.progress(ctx, input.lastPublishToken),
    );
    bindRoute(app, deployRoutes.getPublishLog, ({ ctx, input }) => queries.log(ctx, input.token));
    bindRoute(app, deployRoutes.getPreview, ({ ctx, input }) => queries.preview(ctx, input));
    bindRoute(app, deployRoutes.resetState, async ({ ctx, input }) => {
      await deploys.resetState(ctx, input);
      return null;
    });
    bindRoute(app, deployRoutes.publish, ({ ctx, input, req }) =>
      deploys.publish(ctx, input, requestOrigin(req)),
    );
    bindRoute(app, deployRoutes.greyPublish, ({ ctx, input, req }) =>
      deploys.publish(ctx, input, requestOrigin(req)),
    );
    bindRoute(app, reviewRoutes.getReviewList, ({ ctx, input }) => reviews.list(ctx, input));
    bindRoute(app, reviewRoutes.review, async ({ ctx, input }) => {
      await reviews.review(ctx, input);
      return null;
    });
    bindRoute(app, reviewRoutes.getReviewChanges, ({ ctx, input }) =>
      reviews.changes(ctx, input.id),
    );
    bindPublicRoute(app, reviewRoutes.callback, async ({ input }) => {
      await reviews.callback(input);
      return null;
    });
    bindRoute(app, deployRoutes.rebuild, ({ ctx, input }) => deploys.rebuild(ctx, input.token));
    bindRoute(app, deployRoutes.cancel, ({ ctx, input }) => deploys.cancel(ctx, input.token));
    bindRoute(app, logRoutes.getPublishLogList, async ({ ctx, input }) => ({
      list: await queries.publishLog(ctx, input),
    }));
    bindRoute(app, logRoutes.getPublishLogTotal, async ({ ctx, input }) => ({
      total: await queries.publishLogTotal(ctx, input),
    }));
  };
}
