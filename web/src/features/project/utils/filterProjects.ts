import { splitLabels } from '../../../ui/splitLabels';
import type { ProjectRow } from './ProjectRow';

export interface ProjectFilter {
  name: string;
  /** A project must carry every one of these labels. */
  labels: string[];
}

export const NO_FILTER: ProjectFilter = { name: '', labels: [] };

/** Whether any filter narrows the list. */
export function isFiltered(filter: ProjectFilter): boolean {
  return filter.name.trim() !== '' || filter.labels.length > 0;
}

/**
 * The projects the filters let through: the name ignoring case and outer spaces, and every chosen
 * label (each label added narrows the list further, as the name does).
 */
export function filterProjects(list: readonly ProjectRow[], filter: ProjectFilter): ProjectRow[] {
  const name = filter.name.trim().toLowerCase();
  return list.filter((p) => {
    if (name && !p.name.toLowerCase().includes(name)) return false;
    if (filter.labels.length === 0) return true;
    const own = splitLabels(p.label);
    return filter.labels.every((l) => own.includes(l));
  });
}

/** A project whose repository host presented a key other than the trusted one. */
export function hasPendingHostKey(p: ProjectRow): boolean {
  return p.repoPendingHostKey !== '';
}
