import { fileCompareRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { bindRoute } from '../../core/http/bind-route.js';
import type { FileCompare } from './file-compare.service.js';

/** goploy's `/deploy/fileCompare` and `/deploy/fileDiff`. */
export function fileComparePlugin(compare: FileCompare) {
  return (app: FastifyInstance) => {
    bindRoute(app, fileCompareRoutes.fileCompare, ({ ctx, input }) => compare.compare(ctx, input));
    bindRoute(app, fileCompareRoutes.fileDiff, ({ ctx, input }) => compare.diff(ctx, input));
  };
}
