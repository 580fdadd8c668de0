import { buildOpenApi, openapiRoutes, ROUTE_NOTES, type OpenApiDocument } from '@ferry/contract';
import * as contract from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { bindStreamRoute } from '../../core/http/bind-route.js';
import type { FeatureModule } from '../../core/module.js';
import { CONSOLE_VERSION } from '../../core/version.js';

/**
 * `GET /openapi.json`: the API's OpenAPI 3.1 document, built from the contract's route
 * declarations the first time it is asked for (it cannot change while the console runs).
 */
export function createOpenApiModule(): FeatureModule {
  let document: string | undefined;
  const documentText = () =>
    (document ??= JSON.stringify(
      buildOpenApi(contract, {
        version: CONSOLE_VERSION,
        notes: ROUTE_NOTES,
      }) satisfies OpenApiDocument,
    ));
  return {
    api: undefined,
    plugin: (app: FastifyInstance) => {
      bindStreamRoute(app, openapiRoutes.document, async ({ reply }) =>
        reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('cache-control', 'private, no-cache')
          .send(documentText()),
      );
    },
  };
}
