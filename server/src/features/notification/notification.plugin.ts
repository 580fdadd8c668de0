import { notificationRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { bindRoute } from '../../core/http/bind-route.js';
import type { RequestContext } from '../../core/http/context.js';
import type { NotificationService } from './notification.service.js';
import { presentAttempt, presentDelivery, presentTemplate } from './notification.presenter.js';

export function notificationPlugin(notifications: NotificationService) {
  return (app: FastifyInstance) => {
    bindRoute(app, notificationRoutes.getList, async ({ ctx }) => ({
      list: (await notifications.templates(ctx)).map(presentTemplate),
    }));
    bindRoute(app, notificationRoutes.edit, async ({ ctx, input }) => {
      await notifications.editTemplate(ctx, input);
      return null;
    });
    bindRoute(app, notificationRoutes.reset, async ({ ctx, input }) =>
      presentTemplate(await notifications.resetTemplate(ctx, input.id)),
    );

    const filterOf = (
      ctx: RequestContext,
      input: { projectId: number; channel: number; state: string; subject: string },
    ) => ({ namespaceId: ctx.namespaceId, ...input });
    bindRoute(app, notificationRoutes.getDeliveryList, async ({ ctx, input }) => ({
      list: (await notifications.deliveries.list(filterOf(ctx, input), input.page, input.rows)).map(
        presentDelivery,
      ),
    }));
    bindRoute(app, notificationRoutes.getDeliveryTotal, async ({ ctx, input }) => ({
      total: await notifications.deliveries.total(filterOf(ctx, input)),
    }));
    bindRoute(app, notificationRoutes.getDeliveryAttempts, async ({ ctx, input }) => ({
      list: (await notifications.deliveryAttempts(ctx, input.id)).map(presentAttempt),
    }));
    bindRoute(app, notificationRoutes.resend, async ({ ctx, input }) => ({
      id: await notifications.resend(ctx, input.id),
    }));
    bindRoute(app, notificationRoutes.sendTest, async ({ ctx, input }) => ({
      id: await notifications.sendTest(ctx, input),
    }));
  };
}
