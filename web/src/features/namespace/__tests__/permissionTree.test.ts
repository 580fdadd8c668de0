import { describe, expect, it } from 'vitest';
import {
  checkedKeysOf,
  groupPermissions,
  idsToSave,
  leafIds,
  type PermissionEntry,
} from '../utils/permissionTree';

const entry = (id: number, pid: number, sort = id): PermissionEntry => ({
  id,
  pid,
  name: `p${id}`,
  sort,
});

// Group 1 with 2 and 3, group 4 with 5, group 6 with nothing below it.
const LIST = [entry(5, 4), entry(2, 1, 9), entry(3, 1, 1), entry(1, 0), entry(4, 0), entry(6, 0)];
const groups = groupPermissions(LIST);

describe('permissionTree', () => {
  it('groups the catalogue in its sort order', () => {
    expect(groups.map((g) => [g.group.id, g.children.map((c) => c.id)])).toEqual([
      [1, [3, 2]],
      [4, [5]],
      [6, []],
    ]);
    expect(leafIds(groups)).toEqual([3, 2, 5, 6]);
  });

  it('never checks a stored parent id by itself, which would check all below it', () => {
    expect(checkedKeysOf([1, 2, 6], groups)).toEqual([2, 6]);
  });

  it('saves the checked ids plus every group fully or partly checked', () => {
    expect(idsToSave([2], groups)).toEqual([1, 2]);
    // The tree reports a fully checked group itself; it is kept once.
    expect(idsToSave([4, 5, 3], groups)).toEqual([1, 3, 4, 5]);
    expect(idsToSave([6], groups)).toEqual([6]);
    expect(idsToSave([], groups)).toEqual([]);
  });
});
