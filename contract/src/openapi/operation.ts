import { PERMISSIONS } from '../permissions.js';
import type { RouteDescriptor } from '../route.js';
import { jsonSchemaOf, type JsonSchema } from './json-schema.js';
import { failureCodes } from './operation-codes.js';

const PERMISSION_NAMES = new Map<number, string>(PERMISSIONS.map((p) => [p.id, p.name]));

/** What the document says of one route beside its schemas. */
export interface OperationFacts {
  /** `group.name`, unique in the document, e.g. `userRoutes.addUser` → `user.addUser`. */
  operationId: string;
  tag: string;
  /** The route's doc comment, if it has one. */
  note: string | undefined;
  /** Whether goploy 1.17 has this route; otherwise it is Ferry's own. */
  goploy: boolean;
}

/** The OpenAPI operation of one route; `defs` collects shared schema definitions. */
export function operationOf(
  d: RouteDescriptor,
  facts: OperationFacts,
  defs: Record<string, JsonSchema>,
): Record<string, unknown> {
  const input = jsonSchemaOf(d.input, defs);
  const socket = d.path.startsWith('/ws/');
  const inQuery = d.method === 'GET' || d.body !== undefined;
  const permissions =
    typeof d.access === 'string'
      ? []
      : d.access.anyOf.map((id) => ({ id, name: PERMISSION_NAMES.get(id) ?? String(id) }));
  const op: Record<string, unknown> = {
    operationId: facts.operationId,
    tags: [facts.tag],
    summary: summaryOf(facts.operationId),
    description: descriptionOf(d, facts, permissions, socket),
    parameters: [
      ...(d.access === 'public'
        ? []
        : [
            {
              $ref:
                d.access === 'user'
                  ? '#/components/parameters/namespaceOptional'
                  : '#/components/parameters/namespace',
            },
          ]),
      ...(inQuery ? queryParameters(input) : []),
    ],
    responses: socket ? socketResponses() : responsesOf(d, defs),
    security: d.access === 'public' ? [] : [{ session: [] }, { apiKey: [] }],
    'x-ferry-access':
      typeof d.access === 'string' ? d.access : { anyOf: permissions.map((p) => p.id) },
    'x-ferry-permissions': permissions,
    'x-ferry-origin': facts.goploy ? 'goploy' : 'ferry',
  };
  const body = inQuery ? uploadBody(d) : jsonBody(input);
  if (body) op.requestBody = body;
  return op;
}

/** `user.addUser` → "Add user". */
function summaryOf(operationId: string): string {
  const name = operationId.slice(operationId.indexOf('.') + 1);
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function descriptionOf(
  d: RouteDescriptor,
  facts: OperationFacts,
  permissions: { id: number; name: string }[],
  socket: boolean,
): string {
  const who =
    d.access === 'public'
      ? 'Public: no sign-in.'
      : d.access === 'user'
        ? 'Any signed-in user.'
        : `Permission, any one of: ${permissions.map((p) => `${p.name} (${p.id})`).join(', ')}.`;
  const origin = facts.goploy ? "goploy's route." : "Ferry's own route (goploy has none).";
  const parts = [facts.note, `**Access**: ${who} ${origin}`];
  if (socket)
    parts.push('A WebSocket: open it with an upgrade; frames are described in the wire API.');
  if (d.download) parts.push('The answer is the file itself; a failure answers the JSON envelope.');
  return parts.filter(Boolean).join('\n\n');
}

function queryParameters(input: JsonSchema): Record<string, unknown>[] {
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    schema,
  }));
}

function jsonBody(input: JsonSchema): Record<string, unknown> | undefined {
  if (Object.keys(input.properties ?? {}).length === 0) return undefined;
  return {
    required: ((input.required ?? []) as string[]).length > 0,
    content: { 'application/json': { schema: input } },
  };
}

function uploadBody(d: RouteDescriptor): Record<string, unknown> | undefined {
  const bytes = { type: 'string', contentMediaType: 'application/octet-stream' };
  if (d.body === 'multipart') {
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { file: bytes }, required: ['file'] },
        },
      },
    };
  }
  if (d.body === 'bytes') {
    return { required: true, content: { 'application/octet-stream': { schema: bytes } } };
  }
  return undefined;
}

function responsesOf(d: RouteDescriptor, defs: Record<string, JsonSchema>) {
  const success = {
    type: 'object',
    required: ['code', 'message', 'data'],
    properties: {
      code: { const: 0 },
      message: { type: 'string' },
      data: jsonSchemaOf(d.output, defs),
    },
  };
  const failure = {
    type: 'object',
    required: ['code', 'message', 'data'],
    properties: {
      code: { enum: failureCodes(d) },
      message: { type: 'string' },
      data: { type: 'null' },
      reason: { type: 'string', description: 'A stable snake_case id of the failure.' },
    },
  };
  const envelope = { oneOf: [success, failure] };
  if (d.bare) {
    return {
      '200': {
        description: 'The answer itself, without the envelope.',
        content: { 'application/json': { schema: jsonSchemaOf(d.output, defs) } },
      },
    };
  }
  if (d.download) {
    return {
      '200': {
        description: 'The file; or the envelope of a failure.',
        content: {
          'application/octet-stream': {
            schema: { type: 'string', contentMediaType: 'application/octet-stream' },
          },
          'application/json': { schema: failure },
        },
      },
    };
  }
  return {
    '200': {
      description: 'The envelope: `code` 0 with `data`, or a failure code with its message.',
      content: { 'application/json': { schema: envelope } },
    },
  };
}

function socketResponses() {
  return {
    '101': { description: 'Switching protocols: the socket is open.' },
  };
}
