import { userRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { bindRoute } from '../../core/http/bind-route.js';
import { presentUser } from './user.presenter.js';
import type { UserService } from './user.service.js';

export function userPlugin(users: UserService) {
  return (app: FastifyInstance) => {
    bindRoute(app, userRoutes.userInfo, ({ ctx }) => users.info(ctx));
    bindRoute(app, userRoutes.getUserList, async ({ ctx, input }) => ({
      list: (await users.list(ctx, input.state)).map(presentUser),
    }));
    bindRoute(app, userRoutes.addUser, async ({ ctx, input }) => ({
      id: await users.add(ctx, input),
    }));
    bindRoute(app, userRoutes.editUser, async ({ ctx, input }) => {
      await users.edit(ctx, input);
      return null;
    });
    bindRoute(app, userRoutes.removeUser, async ({ ctx, input }) => {
      await users.remove(ctx, input.id);
      return null;
    });
    bindRoute(app, userRoutes.enableUser, async ({ ctx, input }) => {
      await users.enable(ctx, input.id);
      return null;
    });
    bindRoute(app, userRoutes.endUserSessions, async ({ ctx, input }) => {
      await users.endSessions(ctx, input.id);
      return null;
    });
    bindRoute(app, userRoutes.changePassword, async ({ ctx, input }) => {
      await users.changePassword(ctx, input);
      return null;
    });
    bindRoute(app, userRoutes.getApiKey, ({ ctx }) => users.getApiKey(ctx));
    bindRoute(app, userRoutes.generateApiKey, ({ ctx }) => users.generateApiKey(ctx));
  };
}
