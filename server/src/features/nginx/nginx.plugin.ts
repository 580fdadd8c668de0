import { nginxRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { bindRoute } from '../../core/http/bind-route.js';
import type { NginxFiles } from './nginx-files.service.js';
import type { createNginxChanges } from './nginx-changes.service.js';
import type { createNginxManage } from './nginx-manage.service.js';

/** The nginx routes (`/server/*Nginx*`); each declares its permission in the contract. */
export function nginxPlugin(services: {
  files: NginxFiles;
  changes: ReturnType<typeof createNginxChanges>;
  manage: ReturnType<typeof createNginxManage>;
}) {
  const { files, changes, manage } = services;
  const done = () => null;
  return async (app: FastifyInstance) => {
    const r = nginxRoutes;
    bindRoute(app, r.getNginxPath, ({ ctx, input }) => manage.getPath(ctx, input.serverId));
    bindRoute(app, r.setNginxPath, ({ ctx, input }) => manage.setPath(ctx, input).then(done));
    bindRoute(app, r.manageNginx, ({ ctx, input }) => manage.manage(ctx, input));
    bindRoute(app, r.getNginxEffectiveConfig, ({ ctx, input }) =>
      manage.effective(ctx, input.serverId),
    );
    bindRoute(app, r.getNginxConfigList, ({ ctx, input }) =>
      files.list(ctx, input.serverId, input.dir),
    );
    bindRoute(app, r.getNginxConfigContent, ({ ctx, input }) => files.content(ctx, input));
    bindRoute(app, r.getNginxConfigHistory, ({ ctx, input }) => files.history(ctx, input));
    bindRoute(app, r.getNginxConfigVersion, ({ ctx, input }) =>
      files.version(ctx, input.serverId, input.id),
    );
    bindRoute(app, r.addNginxConfig, ({ ctx, input }) => changes.add(ctx, input).then(done));
    bindRoute(app, r.copyNginxConfig, ({ ctx, input }) => changes.copy(ctx, input).then(done));
    bindRoute(app, r.editNginxConfig, ({ ctx, input }) => changes.edit(ctx, input).then(done));
    bindRoute(app, r.renameNginxConfig, ({ ctx, input }) => changes.rename(ctx, input).then(done));
    bindRoute(app, r.deleteNginxConfig, ({ ctx, input }) => changes.remove(ctx, input).then(done));
    bindRoute(app, r.toggleNginxConfig, ({ ctx, input }) => changes.toggle(ctx, input).then(done));
    bindRoute(app, r.restoreNginxConfig, ({ ctx, input }) =>
      changes.restore(ctx, input).then(done),
    );
  };
}
