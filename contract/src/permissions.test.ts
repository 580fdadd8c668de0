import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, Perm, PERMISSIONS } from './permissions.js';

const specFile = path.resolve(import.meta.dirname, '../../../shared/spec/permissions.json');

interface Spec {
  permissions: { id: number; name: string; pid: number }[];
  defaultRoles: { name: string; permissionIds: number[] }[];
}

describe('the permission catalogue', () => {
  it('matches the specification exactly', () => {
    const spec = JSON.parse(fs.readFileSync(specFile, 'utf8')) as Spec;
    expect(PERMISSIONS.map((p) => ({ ...p }))).toEqual(spec.permissions);
    expect(
      DEFAULT_ROLES.map((r) => ({ name: r.name, permissionIds: [...r.permissionIds] })),
    ).toEqual(spec.defaultRoles);
  });

  it('names every id once and has no id 12', () => {
    expect(new Set(PERMISSIONS.map((p) => p.id)).size).toBe(PERMISSIONS.length);
    expect(PERMISSIONS.some((p) => (p.id as number) === 12)).toBe(false);
    expect(Perm.ShowTerminalPage).toBe(34);
    expect(Perm.EditNotification).toBe(87);
  });

  it('puts every permission under an existing group', () => {
    const groups = new Set(PERMISSIONS.filter((p) => p.pid === 0).map((p) => p.id));
    for (const p of PERMISSIONS) if (p.pid !== 0) expect(groups.has(p.pid), p.name).toBe(true);
  });
});
