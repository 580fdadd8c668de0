import type { MonitorState } from '@ferry/contract/client';
import type { MonitorRow } from './MonitorRow';

export type SortKey = 'name' | 'state' | 'uptime';
export type SortOrder = 'ASC' | 'DESC';

export interface MonitorFilter {
  name: string;
  /** A monitor type (1-5), or 0 for any. */
  type: number;
  /** A state, or '' for any. */
  state: MonitorState | '';
  sort: SortKey;
  order: SortOrder;
}

export const NO_FILTER: MonitorFilter = {
  name: '',
  type: 0,
  state: '',
  sort: 'name',
  order: 'ASC',
};

/** Whether any filter narrows the list (the sort does not). */
export function isFiltered(filter: MonitorFilter): boolean {
  return filter.name.trim() !== '' || filter.type !== 0 || filter.state !== '';
}

/** Worst first when descending: down, failing, unknown, paused, up. */
const STATE_RANK: Record<MonitorState, number> = {
  up: 0,
  paused: 1,
  unknown: 2,
  failing: 3,
  down: 4,
};

/** A monitor's state as shown: a paused one is paused whatever its last status. */
export function stateOf(row: Pick<MonitorRow, 'state' | 'status'>): MonitorState {
  return row.state === 1 ? row.status : 'paused';
}

function compare(a: MonitorRow, b: MonitorRow, key: SortKey): number {
  if (key === 'state') return STATE_RANK[stateOf(a)] - STATE_RANK[stateOf(b)];
  if (key === 'uptime') {
    // No checks in the last day sorts below 0 %.
    return (a.uptime24h ?? -1) - (b.uptime24h ?? -1);
  }
  return a.name.localeCompare(b.name);
}

/**
 * The monitors the filters let through (name ignoring case and outer spaces, type, state), in the
 * order asked; ties go by name, then by id, so the order is stable.
 */
export function filterMonitors(list: readonly MonitorRow[], filter: MonitorFilter): MonitorRow[] {
  const name = filter.name.trim().toLowerCase();
  const sign = filter.order === 'DESC' ? -1 : 1;
  return list
    .filter(
      (m) =>
        (!name || m.name.toLowerCase().includes(name)) &&
        (filter.type === 0 || m.type === filter.type) &&
        (filter.state === '' || stateOf(m) === filter.state),
    )
    .sort(
      (a, b) => sign * compare(a, b, filter.sort) || a.name.localeCompare(b.name) || a.id - b.id,
    );
}
