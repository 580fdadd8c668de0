import { namespaceRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { formatTime } from '../../core/clock.js';
import { bindRoute } from '../../core/http/bind-route.js';
import type { NamespaceService } from './namespace.service.js';

export function namespacePlugin(namespaces: NamespaceService) {
  return (app: FastifyInstance) => {
    bindRoute(app, namespaceRoutes.getNamespaceList, async ({ ctx }) => ({
      list: (await namespaces.list(ctx)).map((n) => ({
        id: n.id,
        name: n.name,
        role_id: 0,
        permissionIds: null,
        insertTime: formatTime(n.insert_time),
        updateTime: formatTime(n.update_time),
      })),
    }));

    bindRoute(app, namespaceRoutes.getNamespaceOption, async ({ ctx }) => {
      const memberships = await namespaces.membershipsOf(ctx.user.id);
      return {
        list: memberships.map((m) => ({
          namespaceId: m.namespace_id,
          namespaceName: m.namespace_name,
          roleId: m.role_id,
        })),
        preferredNamespaceId: await namespaces.preferredOf(ctx.user.id, memberships),
      };
    });

    bindRoute(app, namespaceRoutes.getNamespaceBindUserList, async ({ ctx, input }) => ({
      list: (await namespaces.boundUsers(ctx, input.id)).map((r) => ({
        id: r.id,
        namespaceId: r.namespace_id,
        userId: r.user_id,
        userName: r.user_name,
        roleId: r.role_id,
        roleName: r.role_name ?? '',
        insertTime: formatTime(r.insert_time),
        updateTime: formatTime(r.update_time),
      })),
    }));

    bindRoute(app, namespaceRoutes.getNamespaceUserOption, async ({ ctx }) => ({
      list: (await namespaces.userOption(ctx)).map((r) => ({
        userId: r.user_id,
        userName: r.user_name,
        roleId: r.role_id,
      })),
    }));

    bindRoute(app, namespaceRoutes.addNamespace, async ({ ctx, input }) => ({
      id: await namespaces.add(ctx, input),
    }));
    bindRoute(app, namespaceRoutes.editNamespace, async ({ ctx, input }) => {
      await namespaces.edit(ctx, input);
      return null;
    });
    bindRoute(app, namespaceRoutes.addNamespaceUser, async ({ ctx, input }) => {
      await namespaces.addUser(ctx, input);
      return null;
    });
    bindRoute(app, namespaceRoutes.removeNamespaceUser, async ({ ctx, input }) => {
      await namespaces.removeUser(ctx, input.namespaceUserId);
      return null;
    });
  };
}
