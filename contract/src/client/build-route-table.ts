import type { Access, HttpMethod, RouteDescriptor } from '../route.js';

/** What the browser needs of a route: where to send it and who may. */
export interface RouteEntry {
  method: HttpMethod;
  path: string;
  access: Access;
}

export function isDescriptor(v: unknown): v is RouteDescriptor {
  if (typeof v !== 'object' || v === null) return false;
  const d = v as Partial<RouteDescriptor>;
  return typeof d.method === 'string' && typeof d.path === 'string' && d.input !== undefined;
}

/**
 * The route table of the browser entry: for every `*Routes` namespace of the contract, its route
 * descriptors without their schemas. Other exports of a routes file (row schemas, fields) are
 * left out.
 */
export function buildRouteTable(
  contract: Record<string, unknown>,
): Record<string, Record<string, RouteEntry>> {
  const table: Record<string, Record<string, RouteEntry>> = {};
  for (const [group, mod] of Object.entries(contract).sort(([a], [b]) => a.localeCompare(b))) {
    if (!group.endsWith('Routes') || typeof mod !== 'object' || mod === null) continue;
    const entries: Record<string, RouteEntry> = {};
    for (const [name, d] of Object.entries(mod).sort(([a], [b]) => a.localeCompare(b))) {
      if (!isDescriptor(d)) continue;
      const access = typeof d.access === 'string' ? d.access : { anyOf: [...d.access.anyOf] };
      entries[name] = { method: d.method, path: d.path, access };
    }
    table[group] = entries;
  }
  return table;
}
