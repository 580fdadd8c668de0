import { z } from 'zod';

/** A JSON Schema (2020-12) as OpenAPI 3.1 embeds it. */
export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema of what a client sends (or, for an answer's `data`, what the server writes):
 * zod's own output, on the input side of transforms and defaults. A check zod cannot express
 * (a refinement, a custom type) documents what its `.meta()` says and otherwise accepts anything;
 * the server's validation stays the authority. Definitions zod hoists for recursive or named
 * schemas are moved to `defs` and referenced from there, as `#/$defs/…` would point at the
 * document's root.
 */
export function jsonSchemaOf(schema: z.ZodType, defs: Record<string, JsonSchema>): JsonSchema {
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete out.$schema;
  const local = (out.$defs ?? {}) as Record<string, JsonSchema>;
  delete out.$defs;
  if (Object.keys(local).length === 0) return out;
  const renamed = new Map<string, string>();
  for (const [name, def] of Object.entries(local)) {
    let unique = name;
    for (let i = 2; unique in defs && JSON.stringify(defs[unique]) !== JSON.stringify(def); i++) {
      unique = `${name}${i}`;
    }
    renamed.set(`#/$defs/${name}`, `#/components/schemas/${unique}`);
    defs[unique] = def;
  }
  const repoint = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(repoint);
    if (typeof v !== 'object' || v === null) return v;
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      o[k] = k === '$ref' && typeof x === 'string' ? (renamed.get(x) ?? x) : repoint(x);
    }
    return o;
  };
  for (const name of new Set(renamed.values())) {
    const key = name.slice('#/components/schemas/'.length);
    defs[key] = repoint(defs[key]) as JsonSchema;
  }
  return repoint(out) as JsonSchema;
}
