import { isDescriptor } from '../client/build-route-table.js';
import { SESSION_COOKIE } from '../session-cookie.js';
import { CODE_MEANINGS } from './operation-codes.js';
import { GOPLOY_ROUTES } from './goploy-routes.js';
import type { JsonSchema } from './json-schema.js';
import { operationOf } from './operation.js';

/** An OpenAPI 3.1 document, as JSON. */
export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
};

export interface OpenApiOptions {
  /** The console's version, the document's `info.version`. */
  version: string;
  /** Each routes namespace's doc comments, by route name (`route-notes.ts`). */
  notes?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

const GOPLOY = new Set(GOPLOY_ROUTES);

const CONVENTIONS = [
  "Ferry's wire API, compatible with goploy 1.17: a goploy client works unchanged.",
  '',
  '- Every answer is HTTP 200 with `{code, message, data}` (files and WebSocket upgrades excepted).',
  '- `GET` reads its input from the query; `POST`, `PUT` and `DELETE` from a JSON body (the query is read too, the body wins).',
  '- The header `G-N-ID` names the namespace a request works in.',
  '- Sign in with the session cookie (the console sets it at sign-in) or an API key in the `X-API-KEY` header.',
  "- Times are `YYYY-MM-DD HH:mm:ss` in the server's time zone.",
  '',
  'Codes:',
  '',
  ...Object.entries(CODE_MEANINGS).map(([code, meaning]) => `- \`${code}\`: ${meaning}`),
].join('\n');

/**
 * The OpenAPI 3.1 document of every route of the contract's `*Routes` namespaces, with each
 * input's and output's JSON Schema, the failure codes it can answer, who may call it and whether
 * it is goploy's. Built from the descriptors alone: a route added to the contract is in it.
 */
export function buildOpenApi(
  contract: Record<string, unknown>,
  options: OpenApiOptions,
): OpenApiDocument {
  const defs: Record<string, JsonSchema> = {};
  const paths: OpenApiDocument['paths'] = {};
  const tags: { name: string }[] = [];
  for (const [group, mod] of Object.entries(contract).sort(([a], [b]) => a.localeCompare(b))) {
    if (!group.endsWith('Routes') || typeof mod !== 'object' || mod === null) continue;
    const tag = group.slice(0, -'Routes'.length);
    tags.push({ name: tag });
    for (const [name, d] of Object.entries(mod).sort(([a], [b]) => a.localeCompare(b))) {
      if (!isDescriptor(d)) continue;
      const method = d.method.toLowerCase();
      const item = (paths[d.path] ??= {});
      if (item[method]) throw new Error(`${d.method} ${d.path} is declared twice`);
      item[method] = operationOf(
        d,
        {
          operationId: `${tag}.${name}`,
          tag,
          note: options.notes?.[group]?.[name],
          goploy: GOPLOY.has(`${d.method} ${d.path}`),
        },
        defs,
      );
    }
  }
  return {
    openapi: '3.1.1',
    info: { title: 'Ferry API', version: options.version, description: CONVENTIONS },
    servers: [{ url: '/' }],
    tags,
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      schemas: defs,
      parameters: {
        namespace: namespaceParameter(true),
        namespaceOptional: namespaceParameter(false),
      },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session cookie the console sets at sign-in.',
        },
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-KEY',
          description: "An API key: the user's own (Profile → API key).",
        },
      },
    },
  };
}

function namespaceParameter(required: boolean) {
  return {
    name: 'G-N-ID',
    in: 'header',
    required,
    description: required
      ? 'The namespace the request works in; the permission is checked there.'
      : 'The namespace the request works in, where it concerns one.',
    schema: { type: 'integer', minimum: 1 },
  };
}
