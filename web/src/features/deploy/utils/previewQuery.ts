import type { Dayjs } from 'dayjs';
import type { PreviewQuery } from './DeployRow';

/** The history drawer's filters as the form holds them. */
export interface HistoryFilter {
  /** A member's user id; undefined for anyone. */
  userId?: number;
  /** -1 all, 1 succeeded, 0 failed. */
  state: -1 | 0 | 1;
  branch: string;
  commit: string;
  filename: string;
  commitDate?: [Dayjs | null, Dayjs | null] | null;
  deployDate?: [Dayjs | null, Dayjs | null] | null;
}

export const NO_HISTORY_FILTER: HistoryFilter = {
  state: -1,
  branch: '',
  commit: '',
  filename: '',
};

/** Whether any filter narrows the history (the phone's Filter button then carries a dot). */
export function isHistoryFiltered(f: HistoryFilter): boolean {
  return (
    f.userId !== undefined ||
    f.state !== -1 ||
    Boolean(f.branch || f.commit || f.filename) ||
    Boolean(f.commitDate?.[0] || f.deployDate?.[0])
  );
}

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A date range as goploy takes it: "from,to", from the first day's start to the last one's end. */
export function dateRange(range: HistoryFilter['commitDate']): string {
  const [from, to] = range ?? [];
  if (!from || !to) return '';
  return `${from.startOf('day').format(FORMAT)},${to.endOf('day').format(FORMAT)}`;
}

/** GET /deploy/getPreview's input for a project, the filters and a page. */
export function previewQuery(
  projectId: number,
  filter: HistoryFilter,
  page: { page: number; rows: number },
): PreviewQuery {
  return {
    projectId,
    userId: filter.userId ?? 0,
    state: filter.state,
    branch: filter.branch.trim(),
    commit: filter.commit.trim(),
    filename: filter.filename.trim(),
    commitDate: dateRange(filter.commitDate),
    deployDate: dateRange(filter.deployDate),
    ...page,
  };
}
