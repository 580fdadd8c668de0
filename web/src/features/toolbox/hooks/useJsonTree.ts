import { useCallback, useState } from 'react';
import type { JsonContainer } from '../utils/jsonParse';
import { JSON_ROOT_PATH } from '../utils/jsonPath';
import { allExpandablePaths, flattenJson, rowsAfterToggle, type JsonRow } from '../utils/jsonTree';

interface TreeState {
  expanded: ReadonlySet<string>;
  rows: JsonRow[];
}

/** The root open, showing its members: where a new document and "collapse all" start. */
function rootOpen(root: JsonContainer | undefined): TreeState {
  const expanded = new Set([JSON_ROOT_PATH]);
  return { expanded, rows: root ? flattenJson(root, expanded) : [] };
}

/**
 * The tree of one parsed document: which nodes are expanded (and the visible rows that follow),
 * which are marked, and the JSON path last asked for. Mount it afresh for a new document.
 */
export function useJsonTree(root: JsonContainer | undefined) {
  const [tree, setTree] = useState(() => rootOpen(root));
  const [marked, setMarked] = useState<ReadonlySet<string>>(() => new Set());
  const [shownPath, setShownPath] = useState<string | undefined>(undefined);

  const toggle = useCallback((index: number) => {
    setTree(({ expanded, rows }) => {
      const path = rows[index]?.path;
      if (path === undefined) return { expanded, rows };
      const next = new Set(expanded);
      if (!next.delete(path)) next.add(path);
      return { expanded: next, rows: rowsAfterToggle(rows, index, next) };
    });
  }, []);

  const expandAll = useCallback(() => {
    if (!root) return;
    const expanded = allExpandablePaths(root);
    setTree({ expanded, rows: flattenJson(root, expanded) });
  }, [root]);

  const collapseAll = useCallback(() => setTree(rootOpen(root)), [root]);

  const toggleMark = useCallback((path: string) => {
    setMarked((prev) => {
      const next = new Set(prev);
      if (!next.delete(path)) next.add(path);
      return next;
    });
  }, []);

  const unmarkAll = useCallback(() => setMarked(new Set()), []);

  return {
    rows: tree.rows,
    toggle,
    expandAll,
    collapseAll,
    marked,
    toggleMark,
    unmarkAll,
    shownPath,
    showPath: setShownPath,
  };
}
