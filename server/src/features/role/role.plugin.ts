import { roleRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { formatTime } from '../../core/clock.js';
import { bindRoute } from '../../core/http/bind-route.js';
import type { RoleService } from './role.service.js';

export function rolePlugin(roles: RoleService) {
  return (app: FastifyInstance) => {
    bindRoute(app, roleRoutes.getRoleList, async () => ({
      list: (await roles.list()).map((r) => ({
        id: r.id,
        name: r.name,
        description: r.description,
        insertTime: formatTime(r.insert_time),
        updateTime: formatTime(r.update_time),
      })),
    }));
    bindRoute(app, roleRoutes.getRoleOption, async () => ({
      list: (await roles.list()).map((r) => ({
        id: r.id,
        name: r.name,
        description: r.description,
      })),
    }));
    bindRoute(app, roleRoutes.getPermissionList, async () => ({ list: await roles.permissions() }));
    bindRoute(app, roleRoutes.getPermissionBindings, async ({ input }) => ({
      list: (await roles.bindings(input.roleId)).map((b) => ({
        id: b.id,
        roleId: b.role_id,
        permissionId: b.permission_id,
      })),
    }));
    bindRoute(app, roleRoutes.addRole, async ({ input }) => ({ id: await roles.add(input) }));
    bindRoute(app, roleRoutes.editRole, async ({ ctx, input }) => {
      await roles.edit(ctx, input);
      return null;
    });
    bindRoute(app, roleRoutes.removeRole, async ({ ctx, input }) => {
      await roles.remove(ctx, input.id);
      return null;
    });
    bindRoute(app, roleRoutes.changePermission, async ({ ctx, input }) => {
      await roles.changePermission(ctx, input);
      return null;
    });
  };
}
