import type { FileCompareState } from './CompareRow';

/** How a server's outcome is shown: the tag's colour and its words' key. */
export interface CompareLook {
  color: 'success' | 'warning' | 'processing' | 'error';
  label: 'same' | 'modified' | 'missing' | 'clientError' | 'sftpError';
  /** Whether the two texts can be shown side by side (the server's is '' when it has none). */
  diff: boolean;
}

const LOOKS: Record<FileCompareState, CompareLook> = {
  'no change': { color: 'success', label: 'same', diff: false },
  modified: { color: 'warning', label: 'modified', diff: true },
  'remote file not exists': { color: 'processing', label: 'missing', diff: true },
  'client error': { color: 'error', label: 'clientError', diff: false },
  'sftp error': { color: 'error', label: 'sftpError', diff: false },
};

/** The look of goploy's state `status`. */
export function compareLook(status: FileCompareState): CompareLook {
  return LOOKS[status];
}

/** The servers whose file differs first, then the missing, the errors, the unchanged last. */
export function sortCompareRows<T extends { status: FileCompareState; serverName: string }>(
  rows: readonly T[],
): T[] {
  const rank: Record<FileCompareState, number> = {
    modified: 0,
    'remote file not exists': 1,
    'client error': 2,
    'sftp error': 2,
    'no change': 3,
  };
  return [...rows].sort(
    (a, b) => rank[a.status] - rank[b.status] || a.serverName.localeCompare(b.serverName),
  );
}
