import { isJsonContainer, type JsonContainer } from './jsonParse';
import { childJsonPath, JSON_ROOT_PATH } from './jsonPath';

/** One visible line of the JSON tree. */
export interface JsonRow {
  /** The node's JSON path, also its identity in the expanded and marked sets. */
  path: string;
  /** The member's key, the element's index, or null for the root. */
  key: string | number | null;
  depth: number;
  value: unknown;
  /** An object or array with at least one child. */
  expandable: boolean;
  expanded: boolean;
}

interface PendingNode {
  value: unknown;
  key: string | number | null;
  path: string;
  depth: number;
}

/** The keys of an object's members, or undefined for an array or a scalar. */
const memberKeys = (value: unknown): string[] | undefined =>
  isJsonContainer(value) && !Array.isArray(value) ? Object.keys(value) : undefined;

/**
 * Walks a node and its descendants depth-first, calling `visit` with whether each has children;
 * it goes into those children only when `visit` returns true. A loop over an explicit stack
 * rather than recursion, so deeply nested documents cannot overflow the call stack.
 */
function walkJson(
  start: PendingNode,
  visit: (node: PendingNode, hasChildren: boolean) => boolean,
): void {
  const stack: PendingNode[] = [start];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const { value, path } = node;
    const depth = node.depth + 1;
    if (Array.isArray(value)) {
      if (!visit(node, value.length > 0)) continue;
      for (let i = value.length - 1; i >= 0; i--) {
        stack.push({ value: value[i], key: i, path: childJsonPath(path, i), depth });
      }
      continue;
    }
    const keys = memberKeys(value);
    if (!visit(node, keys !== undefined && keys.length > 0) || !keys) continue;
    const members = value as Record<string, unknown>;
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      stack.push({ value: members[key], key, path: childJsonPath(path, key), depth });
    }
  }
}

/** The rows of one node and, when it is expanded, of its visible descendants. */
function flattenNode(node: PendingNode, expanded: ReadonlySet<string>): JsonRow[] {
  const rows: JsonRow[] = [];
  walkJson(node, (next, expandable) => {
    const open = expandable && expanded.has(next.path);
    const { path, key, depth, value } = next;
    rows.push({ path, key, depth, value, expandable, expanded: open });
    return open;
  });
  return rows;
}

/**
 * The tree's visible rows, in document order: the root, and the children of every expanded node
 * (by path) whose ancestors are all expanded too. The list is what the windowed view scrolls.
 */
export function flattenJson(root: JsonContainer, expanded: ReadonlySet<string>): JsonRow[] {
  return flattenNode({ value: root, key: null, path: JSON_ROOT_PATH, depth: 0 }, expanded);
}

/**
 * The rows after the node at `index` was expanded or collapsed (`expanded` is the new set): the
 * same as `flattenJson` with that set, but only the node's own subtree is walked again, so one
 * click in a huge, fully expanded document stays quick.
 */
export function rowsAfterToggle(
  rows: readonly JsonRow[],
  index: number,
  expanded: ReadonlySet<string>,
): JsonRow[] {
  const row = rows[index];
  if (!row) return [...rows];
  let end = index + 1;
  while (end < rows.length && (rows[end]?.depth ?? 0) > row.depth) end++;
  return rows.slice(0, index).concat(flattenNode(row, expanded), rows.slice(end));
}

/** The paths of every node that has children: "expand all". */
export function allExpandablePaths(root: JsonContainer): Set<string> {
  const paths = new Set<string>();
  const start = { value: root, key: null, path: JSON_ROOT_PATH, depth: 0 };
  walkJson(start, (node, hasChildren) => {
    if (hasChildren) paths.add(node.path);
    return hasChildren;
  });
  return paths;
}
