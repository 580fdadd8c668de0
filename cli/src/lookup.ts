import { deployRoutes, projectRoutes, type RouteOutput } from '@ferry/contract/client';
import { CliError, ExitCode, usageError } from './exit-codes.js';
import type { ConsoleClient } from './http-client.js';

export type DeployProject = RouteOutput<typeof deployRoutes.getList>['list'][number];

/** Picks by name first, then by id: `"42"` names the project called 42 if there is one. */
export function pickByNameOrId<T extends { id: number; name: string }>(
  items: readonly T[],
  wanted: string,
  what: string,
): T {
  const byName = items.filter((i) => i.name === wanted);
  if (byName.length === 1) return byName[0]!;
  if (byName.length > 1) {
    throw usageError(
      `several ${what}s are called "${wanted}" (ids ${byName.map((i) => i.id).join(', ')}): give the id`,
    );
  }
  const byId = /^\d+$/.test(wanted) ? items.find((i) => i.id === Number(wanted)) : undefined;
  if (byId) return byId;
  throw new CliError(
    `no ${what} "${wanted}" in this namespace that the API key may see`,
    ExitCode.failed,
  );
}

/** The project `wanted` (name or id) among those the key may deploy. */
export async function findProject(client: ConsoleClient, wanted: string): Promise<DeployProject> {
  const { list } = await client.call(deployRoutes.getList, {});
  return pickByNameOrId(list, wanted, 'project');
}

/** The servers a project deploys to, as `{id, name}`. */
export async function boundServers(client: ConsoleClient, projectId: number) {
  const { list } = await client.call(projectRoutes.getBindServerList, { id: projectId });
  return list.map((b) => ({ id: b.server.id, name: b.server.name }));
}

/** `a,b` (names or ids) among `servers`; answers their ids in the order given. */
export function pickServers(
  servers: readonly { id: number; name: string }[],
  list: string,
  what = 'server',
): number[] {
  const wanted = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (wanted.length === 0) throw usageError('--servers must name at least one server');
  return [...new Set(wanted.map((w) => pickByNameOrId(servers, w, what).id))];
}

/** Server names by id, for log prefixes; empty when the key may not read them. */
export async function serverNamesOf(client: ConsoleClient, projectId: number) {
  try {
    return new Map((await boundServers(client, projectId)).map((s) => [s.id, s.name]));
  } catch {
    return new Map<number, string>();
  }
}
