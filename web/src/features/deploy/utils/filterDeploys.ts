import { splitLabels } from '../../../ui/splitLabels';
import type { DeployRow } from './DeployRow';

export interface DeployFilter {
  name: string;
  /** A project must carry every one of these labels. */
  labels: string[];
  /** 1 production … 4 development; undefined for any. */
  environment?: number;
}

export const NO_FILTER: DeployFilter = { name: '', labels: [] };

/** Whether any filter narrows the list. */
export function isFiltered(filter: DeployFilter): boolean {
  return filter.name.trim() !== '' || filter.labels.length > 0 || filter.environment !== undefined;
}

/** Every label of the projects, sorted, for the label filter. */
export function labelsOf(list: readonly DeployRow[]): string[] {
  return [...new Set(list.flatMap((p) => splitLabels(p.label)))].sort((a, b) => a.localeCompare(b));
}

/**
 * The projects the filters let through (name ignoring case, every chosen label, the environment),
 * the pinned ones first; otherwise in the order the server sent them.
 */
export function filterDeploys(
  list: readonly DeployRow[],
  filter: DeployFilter,
  pinned: readonly number[],
): DeployRow[] {
  const name = filter.name.trim().toLowerCase();
  const shown = list.filter((p) => {
    if (name && !p.name.toLowerCase().includes(name)) return false;
    if (filter.environment !== undefined && p.environment !== filter.environment) return false;
    const own = splitLabels(p.label);
    return filter.labels.every((l) => own.includes(l));
  });
  const isPinned = (p: DeployRow) => pinned.includes(p.id);
  return [...shown.filter(isPinned), ...shown.filter((p) => !isPinned(p))];
}
