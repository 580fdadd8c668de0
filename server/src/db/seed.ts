import { DEFAULT_ROLES, PERMISSIONS } from '@ferry/contract';
import { randomInt } from 'node:crypto';
import type { Db } from './database.js';
import { hashPassword } from '../core/password.js';

export interface SeedResult {
  /** Set when this start created the admin with a generated password. */
  generatedPassword?: string;
  created: boolean;
}

/**
 * Keeps the permission catalogue in step on every start, and on the very first start creates the
 * namespace `default`, the default roles and the super manager `admin`. Never reseeds over data.
 */
export async function seed(
  db: Db,
  opts: { adminPassword: string | undefined; now: number },
): Promise<SeedResult> {
  await syncPermissions(db);
  const anyUser = await db.selectFrom('user').select('id').limit(1).executeTakeFirst();
  if (anyUser) return { created: false };

  const generated = opts.adminPassword ? undefined : generatePassword();
  const password = opts.adminPassword ?? generated ?? '';
  const hash = await hashPassword(password);
  const now = opts.now;
  await db.transaction().execute(async (tx) => {
    const ns = await tx
      .insertInto('namespace')
      .values({ name: 'default', insert_time: now, update_time: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const role of DEFAULT_ROLES) {
      const r = await tx
        .insertInto('role')
        .values({ name: role.name, description: '', insert_time: now, update_time: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('role_permission')
        .values(
          role.permissionIds.map((id) => ({ role_id: r.id, permission_id: id, insert_time: now })),
        )
        .execute();
    }
    const admin = await tx
      .insertInto('user')
      .values({
        account: 'admin',
        password: hash,
        name: 'admin',
        contact: '',
        super_manager: 1,
        state: 1,
        // A generated password must be changed at first login; a configured one need not.
        password_update_time: generated ? null : now,
        insert_time: now,
        update_time: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('namespace_user')
      .values({
        namespace_id: ns.id,
        user_id: admin.id,
        role_id: 0,
        insert_time: now,
        update_time: now,
      })
      .execute();
  });
  return generated ? { created: true, generatedPassword: generated } : { created: true };
}

async function syncPermissions(db: Db): Promise<void> {
  for (const [sort, p] of PERMISSIONS.entries()) {
    await db
      .insertInto('permission')
      .values({ id: p.id, pid: p.pid, name: p.name, sort, description: '' })
      .onConflict((oc) => oc.column('id').doUpdateSet({ pid: p.pid, name: p.name, sort }))
      .execute();
  }
}

/** 16 characters meeting the password rule: letters, digits and a symbol. */
function generatePassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '!@#$%^&*'];
  const all = sets.join('');
  const chars = sets.map((s) => s[randomInt(s.length)]);
  while (chars.length < 16) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
