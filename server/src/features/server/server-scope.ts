import { denied, notFound } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import type { ServerRecord, ServerRepository } from './server.repository.js';

const isSuper = (ctx: RequestContext) => ctx.user.superManager === 1;

/**
 * SECURITY: who may see and change which server. A namespace sees its own servers and the shared
 * ones (namespace 0); it changes only its own, and only super managers change shared ones.
 * Another namespace's server answers code 1 without saying whether it exists.
 */
export function createServerScope(servers: ServerRepository) {
  return {
    async visible(ctx: RequestContext, id: number): Promise<ServerRecord> {
      const row = await servers.findVisible(id, ctx.namespaceId);
      if (!row) throw notFound('Server');
      return row;
    },

    async editable(ctx: RequestContext, id: number): Promise<ServerRecord> {
      const row = await this.visible(ctx, id);
      if (row.namespace_id === 0 && !isSuper(ctx)) {
        throw denied('Only a super manager may change a shared server', 'super_manager_only');
      }
      return row;
    },

    /** A server is put in the caller's namespace, or shared by a super manager. */
    assertMayPlaceIn(ctx: RequestContext, namespaceId: number): void {
      if (namespaceId === 0 && !isSuper(ctx)) {
        throw denied(
          'Only a super manager may share a server with every namespace',
          'super_manager_only',
        );
      }
      if (namespaceId !== 0 && namespaceId !== ctx.namespaceId) {
        throw denied('A server can only be placed in the current namespace', 'namespace_denied');
      }
    },
  };
}

export type ServerScope = ReturnType<typeof createServerScope>;
