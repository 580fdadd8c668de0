import type { ProcessItem } from '@ferry/contract/client';
import type { ProcessGroup } from './ProcessGroup';
import type { ProcessRunDetail } from './RunDetail';

/** What Run again does with a recorded server process run. */
export type ProcessRunAgain<S> =
  /** The group, or its button, no longer exists (or the run predates their record). */
  | { kind: 'gone' }
  /** None of the run's servers is offered any more. */
  | { kind: 'noServers'; missing: string[] }
  /**
   * Runs the button again on the servers still offered (in the page's order); `missing` names
   * those left out, `changed` says the button's command is no longer the one that ran.
   */
  | {
      kind: 'run';
      group: ProcessGroup;
      item: ProcessItem;
      servers: S[];
      missing: string[];
      changed: boolean;
    };

/**
 * Run again for `run`: the same button of the same group (found by the group's id and the
 * button's name, so a renamed group still counts) on the same servers, where they still exist.
 */
export function processRunAgain<S extends { id: number }>(
  run: Pick<ProcessRunDetail, 'groupId' | 'itemName' | 'script' | 'serverList'>,
  groups: readonly ProcessGroup[],
  offered: readonly S[],
): ProcessRunAgain<S> {
  const group = groups.find((g) => g.id === run.groupId);
  const item = group?.itemList.find((i) => i.name === run.itemName);
  if (!group || !item) return { kind: 'gone' };
  const ran = new Set(run.serverList.map((s) => s.serverId));
  const offeredIds = new Set(offered.map((s) => s.id));
  const servers = offered.filter((s) => ran.has(s.id));
  const missing = run.serverList
    .filter((s) => !offeredIds.has(s.serverId))
    .map((s) => s.serverName);
  if (servers.length === 0) return { kind: 'noServers', missing };
  return { kind: 'run', group, item, servers, missing, changed: item.command !== run.script };
}
