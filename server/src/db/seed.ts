import { DEFAULT_ROLES, PERMISSIONS } from '@ferry/contract';
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from './database.js';
import { isPostgres } from './migrations/helpers.js';
import { hashPassword } from '../core/password.js';

export interface SeedResult {
  /** Set when this start created the admin with a generated password. */
  generatedPassword?: string;
  created: boolean;
}

/** Consoles starting at once on one PostgreSQL database seed one after the other. */
const SEED_LOCK = 0x4665_7273; // "Fers"

/**
 * Keeps the permission catalogue in step on every start, and on the very first start creates the
 * namespace `default`, the default roles and the super manager `admin`. Never reseeds over data.
 * One transaction under a lock, so of several consoles starting at once one seeds.
 */
export async function seed(
  db: Db,
  opts: { adminPassword: string | undefined; now: number },
): Promise<SeedResult> {
  const hasUser = async (q: Db) =>
    (await q.selectFrom('user').select('id').limit(1).executeTakeFirst()) !== undefined;
  // The hash is slow: made before the lock is taken, and only while no user exists.
  const generated = opts.adminPassword ? undefined : generatePassword();
  const hash = (await hasUser(db))
    ? undefined
    : await hashPassword(opts.adminPassword ?? generated ?? '');
  const now = opts.now;
  const created = await db.transaction().execute(async (tx) => {
    if (isPostgres(db as never)) await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(tx);
    await syncPermissions(tx);
    if (hash === undefined || (await hasUser(tx))) return false;
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
    return true;
  });
  if (!created) return { created: false };
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
