/** One entry of GET /role/getPermissionList; `pid` 0 marks a group. */
export interface PermissionEntry {
  id: number;
  pid: number;
  name: string;
  sort: number;
}

export interface PermissionGroup {
  group: PermissionEntry;
  children: PermissionEntry[];
}

const bySortThenId = (a: PermissionEntry, b: PermissionEntry) => a.sort - b.sort || a.id - b.id;

/** The catalogue as groups with their permissions, in the server's order. */
export function groupPermissions(list: readonly PermissionEntry[]): PermissionGroup[] {
  return list
    .filter((p) => p.pid === 0)
    .sort(bySortThenId)
    .map((group) => ({
      group,
      children: list.filter((p) => p.pid === group.id).sort(bySortThenId),
    }));
}

/** Ids of groups that have permissions below them: the tree derives their state. */
function parentIds(groups: readonly PermissionGroup[]): Set<number> {
  return new Set(groups.filter((g) => g.children.length > 0).map((g) => g.group.id));
}

/**
 * The tree's checked keys for a role's stored ids. Parents are left out: the tree checks a parent
 * by itself when all its permissions are, and would wrongly check them all for a stored parent id.
 */
export function checkedKeysOf(boundIds: readonly number[], groups: readonly PermissionGroup[]) {
  const parents = parentIds(groups);
  return [...new Set(boundIds)].filter((id) => !parents.has(id));
}

/**
 * What PUT /role/changePermission receives: the checked permissions plus the id of every group
 * that is fully or partly checked. goploy stores group ids too, and the server accepts any id of
 * the catalogue (role.service.ts checks only that each id is known); no route requires a group
 * id, so sending them only keeps the stored rows as goploy would write them.
 */
export function idsToSave(checkedKeys: readonly number[], groups: readonly PermissionGroup[]) {
  const parents = parentIds(groups);
  const leaves = checkedKeys.filter((id) => !parents.has(id));
  const touched = groups
    .filter((g) => g.children.some((c) => leaves.includes(c.id)))
    .map((g) => g.group.id);
  return [...new Set([...leaves, ...touched])].sort((a, b) => a - b);
}

/** The ids the tree shows as leaves: every permission, and any group with none below it. */
export function leafIds(groups: readonly PermissionGroup[]): number[] {
  return groups.flatMap((g) =>
    g.children.length > 0 ? g.children.map((c) => c.id) : [g.group.id],
  );
}
