import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import * as contract from '../index.js';
import { buildRouteTable } from '../client/build-route-table.js';
import { Perm } from '../permissions.js';
import { buildOpenApi } from './build-openapi.js';
import { GOPLOY_ROUTES, GOPLOY_ROUTES_NOT_SERVED } from './goploy-routes.js';

const doc = buildOpenApi(contract, { version: '1.2.3', notes: contract.ROUTE_NOTES });
const op = (method: string, path: string) => doc.paths[path]?.[method.toLowerCase()];

/** The value at `keys` below `value`, or undefined. */
function dig(value: unknown, ...keys: string[]): unknown {
  let v = value;
  for (const k of keys)
    v = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}

/** Every JSON Schema of the document: parameters', bodies', answers' and the shared ones. */
function schemasOf(value: unknown, found: unknown[] = []): unknown[] {
  if (Array.isArray(value)) value.forEach((v) => schemasOf(v, found));
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'schema') found.push(v);
      else schemasOf(v, found);
    }
  }
  return found;
}

describe('the OpenAPI document', () => {
  it('validates against the OpenAPI 3.1 schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('holds JSON Schemas (2020-12) that a validator compiles', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const schemas = [
      ...schemasOf(doc.paths),
      ...Object.values((doc.components as { schemas: object }).schemas),
    ];
    expect(schemas.length).toBeGreaterThan(400);
    for (const schema of schemas) {
      const withDefs = { ...(schema as object), $defs: {} };
      expect(ajv.validateSchema(withDefs), JSON.stringify(ajv.errors)).toBe(true);
    }
  });

  it('lists every route of the contract with its method', () => {
    const missing: string[] = [];
    for (const group of Object.values(buildRouteTable(contract))) {
      for (const r of Object.values(group)) {
        if (!op(r.method, r.path)) missing.push(`${r.method} ${r.path}`);
      }
    }
    expect(missing).toEqual([]);
    expect(op('GET', '/openapi.json')).toBeDefined();
  });

  it("says who may call a route, by permission name and id, and whether it is goploy's", () => {
    const add = op('POST', '/user/add')!;
    expect(add['x-ferry-permissions']).toEqual([{ id: Perm.AddMember, name: 'AddMember' }]);
    expect(add['x-ferry-origin']).toBe('goploy');
    expect(add.security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(add.description).toContain('AddMember (9)');
    expect(add.parameters).toEqual([{ $ref: '#/components/parameters/namespace' }]);

    const login = op('POST', '/user/login')!;
    expect(login.security).toEqual([]);
    expect(login['x-ferry-access']).toBe('public');

    const oidc = op('POST', '/user/oidcLogin')!;
    expect(oidc['x-ferry-origin']).toBe('ferry');
    expect(String(oidc.description)).toContain("Ferry's own route");
  });

  it('puts a GET input in the query and a write input in a JSON body, from the zod schemas', () => {
    const list = op('GET', '/user/getList')!;
    expect(list.parameters).toContainEqual({
      name: 'state',
      in: 'query',
      required: false,
      schema: expect.objectContaining({ enum: ['enabled', 'disabled', 'all'] }),
    });
    const body = dig(op('POST', '/user/add'), 'requestBody', 'content', 'application/json');
    expect(dig(body, 'schema', 'required')).toEqual(
      expect.arrayContaining(['account', 'password', 'name']),
    );
  });

  it('answers inside the envelope, with the failure codes the route can answer', () => {
    const envelope = dig(op('POST', '/user/add'), 'responses', '200', 'content');
    const [success, failure] = dig(envelope, 'application/json', 'schema', 'oneOf') as {
      properties: Record<string, unknown>;
    }[];
    expect(success!.properties.code).toEqual({ const: 0 });
    expect(success!.properties.data).toMatchObject({ properties: { id: { type: 'number' } } });
    expect(failure!.properties.code).toEqual({ enum: [1, 2, 10000, 10001, 10002, 10003, 10086] });
  });

  it('describes uploads, downloads, sockets and the document itself as they travel', () => {
    const upload = dig(op('POST', '/server/uploadFile'), 'requestBody', 'content');
    expect(Object.keys(upload as object)).toEqual(['multipart/form-data']);
    const download = dig(op('GET', '/server/downloadFile'), 'responses', '200', 'content');
    expect(Object.keys(download as object)).toEqual([
      'application/octet-stream',
      'application/json',
    ]);
    expect(Object.keys(op('GET', '/ws/xterm')!.responses as object)).toEqual(['101']);
    const self = dig(op('GET', '/openapi.json'), 'responses', '200');
    expect(JSON.stringify(self)).not.toContain('oneOf');
  });

  it('carries the doc comment of a route as its description', () => {
    expect(String(op('POST', '/user/oidcLogin')!.description).length).toBeGreaterThan(60);
  });
});

describe("goploy's routes", () => {
  it('are all served, but for the agent cron routes Ferry does without', () => {
    const served = new Set(
      Object.values(buildRouteTable(contract)).flatMap((g) =>
        Object.values(g).map((r) => `${r.method} ${r.path}`),
      ),
    );
    const notServed = GOPLOY_ROUTES.filter((r) => !served.has(r));
    expect(notServed).toEqual(Object.keys(GOPLOY_ROUTES_NOT_SERVED).sort());
    expect(GOPLOY_ROUTES.length).toBeGreaterThan(140);
  });
});
