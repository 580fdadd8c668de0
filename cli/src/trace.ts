import {
  deployRoutes,
  STAGE_OF_TRACE_TYPE,
  TraceState,
  type RouteOutput,
  type TraceTypeId,
} from '@ferry/contract/client';
import type { ConsoleClient } from './http-client.js';

export type TraceRow = RouteOutput<typeof deployRoutes.getPublishTrace>['list'][number];

/** A trace row's stage by our name (`afterDeploy`), or its goploy type number. */
export function stageOfTrace(type: number): string {
  return STAGE_OF_TRACE_TYPE[type as TraceTypeId] ?? `type ${type}`;
}

/** Why a deploy failed: each failed stage with its server and its output. */
export async function failureReasons(
  client: ConsoleClient,
  token: string,
  serverNames: ReadonlyMap<number, string>,
): Promise<{ stage: string; server: string; detail: string }[]> {
  const { list } = await client.call(deployRoutes.getPublishTrace, { lastPublishToken: token });
  return list
    .filter((row) => row.state === TraceState.failed)
    .map((row) => ({
      stage: stageOfTrace(row.type),
      server: row.serverId ? (serverNames.get(row.serverId) ?? `server ${row.serverId}`) : '',
      detail: row.detail.trimEnd(),
    }));
}
