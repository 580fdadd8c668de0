import type { JsonRow } from './jsonTree';

/** What a key press in the tree does: the row to focus, and a node to expand or collapse. */
export interface TreeKeyOutcome {
  focus: number;
  toggle?: string;
}

/** The index of the nearest row above `index` that is less deep: its parent. */
function parentIndex(rows: readonly JsonRow[], index: number): number {
  const depth = rows[index]?.depth ?? 0;
  for (let i = index - 1; i >= 0; i--) if ((rows[i]?.depth ?? 0) < depth) return i;
  return index;
}

/**
 * The tree keyboard of the WAI-ARIA tree pattern: up and down move, right expands or enters, left
 * collapses or goes to the parent, Home and End jump, Enter and Space toggle. Undefined for keys
 * the tree leaves alone (so the page still scrolls, tabs and so on).
 */
export function treeKeyOutcome(
  rows: readonly JsonRow[],
  index: number,
  key: string,
): TreeKeyOutcome | undefined {
  const row = rows[index];
  if (!row) return rows.length > 0 ? { focus: 0 } : undefined;
  const last = rows.length - 1;
  switch (key) {
    case 'ArrowDown':
      return { focus: Math.min(index + 1, last) };
    case 'ArrowUp':
      return { focus: Math.max(index - 1, 0) };
    case 'Home':
      return { focus: 0 };
    case 'End':
      return { focus: last };
    case 'ArrowRight':
      if (!row.expandable) return { focus: index };
      return row.expanded ? { focus: index + 1 } : { focus: index, toggle: row.path };
    case 'ArrowLeft':
      return row.expanded
        ? { focus: index, toggle: row.path }
        : { focus: parentIndex(rows, index) };
    case 'Enter':
    case ' ':
      return row.expandable ? { focus: index, toggle: row.path } : { focus: index };
    default:
      return undefined;
  }
}
