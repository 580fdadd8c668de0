import { namespaceRoutes, PERMISSIONS, roleRoutes, userRoutes } from '@ferry/contract';
import { sha256Hex } from '../../core/crypto.js';
import type {
  GoployNamespace,
  GoployNamespaceUser,
  GoployRole,
  GoployRolePermission,
  GoployUser,
} from './goploy-rows.js';
import {
  eachNewRow,
  firstProblem,
  goployTime,
  keptId,
  type ImportContext,
} from './import-context.js';

const namespaceForm = namespaceRoutes.addNamespace.input;
const roleForm = roleRoutes.addRole.input;
const userForm = userRoutes.addUser.input.pick({ account: true, name: true });
const KNOWN_PERMISSIONS = new Set<number>(PERMISSIONS.map((p) => p.id));
const BCRYPT = /^\$2[abxy]\$\d\d\$[./A-Za-z0-9]{53}$/;

/**
 * A goploy namespace: a Ferry namespace of the same name takes its objects (merged); else a new
 * one, with goploy's id where it is free (goploy's clients send it as `G-N-ID`).
 */
export async function importNamespaces(ctx: ImportContext, rows: GoployNamespace[]) {
  await eachNewRow(ctx, 'namespace', rows, async (ns) => {
    const form = namespaceForm.safeParse({ name: ns.name });
    if (!form.success) return void ctx.report.refuse('namespace', ns.id, firstProblem(form.error));
    const same = await ctx.tx
      .selectFrom('namespace')
      .select('id')
      .where('name', '=', form.data.name)
      .executeTakeFirst();
    if (same) {
      ctx.report.note('namespace', ns.id, `joins Ferry's namespace "${ns.name}" (id ${same.id})`);
      return { id: same.id, merged: true };
    }
    const id = await keptId(ctx, 'namespace', ns.id);
    const row = await ctx.tx
      .insertInto('namespace')
      .values({
        ...(id ? { id } : {}),
        name: form.data.name,
        insert_time: ctx.now,
        update_time: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (row.id !== ns.id) ctx.report.note('namespace', ns.id, `is namespace ${row.id} in Ferry`);
    return { id: row.id };
  });
}

/**
 * A goploy role and its permissions (goploy's permission ids are Ferry's). A Ferry role of the
 * same name with the same permissions takes it (goploy's and Ferry's default roles); one of the
 * same name with other permissions is kept, and goploy's comes in as "<name>-goploy".
 */
export async function importRoles(
  ctx: ImportContext,
  roles: GoployRole[],
  bindings: GoployRolePermission[],
) {
  const permissionsOf = new Map<number, GoployRolePermission[]>();
  for (const b of bindings)
    permissionsOf.set(b.role_id, [...(permissionsOf.get(b.role_id) ?? []), b]);
  ctx.report.read('role_permission', bindings.length);
  const known = new Set(roles.map((r) => r.id));
  for (const b of bindings) {
    if (!known.has(b.role_id)) {
      ctx.report.drop(
        'role_permission',
        b.id,
        `names role ${b.role_id}, which goploy no longer has`,
      );
    }
  }

  await eachNewRow(ctx, 'role', roles, async (role) => {
    const own = permissionsOf.get(role.id) ?? [];
    for (const b of own.filter((b) => !KNOWN_PERMISSIONS.has(b.permission_id))) {
      ctx.report.drop(
        'role_permission',
        b.id,
        `names permission ${b.permission_id}, which Ferry does not have`,
      );
    }
    const wanted = [
      ...new Set(own.map((b) => b.permission_id).filter((p) => KNOWN_PERMISSIONS.has(p))),
    ].sort((a, b) => a - b);
    const same = await ctx.tx
      .selectFrom('role')
      .select('id')
      .where('name', '=', role.name)
      .executeTakeFirst();
    if (same) {
      const theirs = (
        await ctx.tx
          .selectFrom('role_permission')
          .select('permission_id')
          .where('role_id', '=', same.id)
          .orderBy('permission_id')
          .execute()
      ).map((r) => r.permission_id);
      if (theirs.join(',') === wanted.join(',')) {
        for (const b of own)
          if (KNOWN_PERMISSIONS.has(b.permission_id)) ctx.report.count('role_permission', 'merged');
        ctx.report.note('role', role.id, `joins Ferry's role "${role.name}" (same permissions)`);
        return { id: same.id, merged: true };
      }
    }
    const name = same ? `${role.name.slice(0, 13)}-goploy` : role.name;
    const form = roleForm.safeParse({ name, description: role.description });
    if (!form.success) return void ctx.report.refuse('role', role.id, firstProblem(form.error));
    if (same) {
      const taken = await ctx.tx
        .selectFrom('role')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirst();
      if (taken) {
        return void ctx.report.refuse(
          'role',
          role.id,
          `name "${role.name}" and "${name}" are both Ferry roles with other permissions: rename one`,
        );
      }
      ctx.report.note(
        'role',
        role.id,
        `comes in as "${name}": Ferry's "${role.name}" has other permissions`,
      );
    }
    const id = await keptId(ctx, 'role', role.id);
    const row = await ctx.tx
      .insertInto('role')
      .values({
        ...(id ? { id } : {}),
        name: form.data.name,
        description: form.data.description,
        insert_time: ctx.now,
        update_time: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (wanted.length > 0) {
      await ctx.tx
        .insertInto('role_permission')
        .values(wanted.map((p) => ({ role_id: row.id, permission_id: p, insert_time: ctx.now })))
        .execute();
    }
    for (let i = 0; i < wanted.length; i++) ctx.report.count('role_permission', 'imported');
    return { id: row.id };
  });
}

/**
 * A goploy user keeps the bcrypt hash of their password (re-hashed at their next sign-in), the
 * forced change, and the API key (sealed). An account Ferry has already is merged: a Ferry
 * account that never signed in takes goploy's password and key (the first admin of a fresh
 * console); one that did keeps its own (decision 0047).
 */
export async function importUsers(ctx: ImportContext, rows: GoployUser[]) {
  await eachNewRow(ctx, 'user', rows, async (u) => {
    const form = userForm.safeParse({ account: u.account, name: u.name || u.account });
    if (!form.success) return void ctx.report.refuse('user', u.id, firstProblem(form.error));
    if (u.password && !BCRYPT.test(u.password)) {
      return void ctx.report.refuse('user', u.id, 'password is not a bcrypt hash goploy writes');
    }
    if (!u.password) {
      ctx.report.note(
        'user',
        u.id,
        'has no local password (a directory login): a super manager can set one',
      );
    }
    const contact = /^\d{11}$/.test(u.contact.trim()) ? u.contact.trim() : '';
    if (u.contact.trim() && !contact) {
      ctx.report.note(
        'user',
        u.id,
        `contact "${u.contact}" is not an 11-digit mobile number: left empty`,
      );
    }
    const key = u.api_key.trim();
    const identity = {
      password: u.password,
      password_update_time: goployTime(u.password_update_time),
      name: form.data.name,
      contact,
      state: u.state === 1 ? 1 : 0,
      super_manager: u.super_manager === 1 ? 1 : 0,
      api_key: key ? ctx.box.seal(key) : '',
      api_key_hash: key ? sha256Hex(key) : '',
    };
    if (u.password) ctx.report.secret('user', u.id, 'password (bcrypt hash)');
    if (key) ctx.report.secret('user', u.id, 'api_key');

    const same = await ctx.tx
      .selectFrom('user')
      .select(['id', 'last_login_time'])
      .where('account', '=', form.data.account)
      .executeTakeFirst();
    if (same) {
      if (same.last_login_time === null) {
        await ctx.tx
          .updateTable('user')
          .set({ ...identity, update_time: ctx.now })
          .where('id', '=', same.id)
          .execute();
        ctx.report.note(
          'user',
          u.id,
          `is Ferry's "${u.account}" (never signed in): takes goploy's password and settings`,
        );
      } else {
        ctx.report.note(
          'user',
          u.id,
          `is Ferry's "${u.account}", who keeps their Ferry password and settings`,
        );
      }
      return { id: same.id, merged: true };
    }
    const id = await keptId(ctx, 'user', u.id);
    const row = await ctx.tx
      .insertInto('user')
      .values({
        ...(id ? { id } : {}),
        account: form.data.account,
        ...identity,
        last_login_time: goployTime(u.last_login_time),
        insert_time: goployTime(u.insert_time) ?? ctx.now,
        update_time: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
}

/** A membership: the user's role in a namespace (0 for super managers), as goploy has it. */
export async function importMemberships(ctx: ImportContext, rows: GoployNamespaceUser[]) {
  await eachNewRow(ctx, 'namespace_user', rows, async (m) => {
    const namespaceId = ctx.map.target('namespace', m.namespace_id);
    const userId = ctx.map.target('user', m.user_id);
    if (namespaceId === undefined || userId === undefined) {
      const missing =
        namespaceId === undefined ? `namespace ${m.namespace_id}` : `user ${m.user_id}`;
      return void ctx.report.drop(
        'namespace_user',
        m.id,
        `names ${missing}, which was not imported`,
      );
    }
    const roleId = m.role_id === 0 ? 0 : ctx.map.target('role', m.role_id);
    if (roleId === undefined) {
      return void ctx.report.drop(
        'namespace_user',
        m.id,
        `names role ${m.role_id}, which was not imported`,
      );
    }
    const same = await ctx.tx
      .selectFrom('namespace_user')
      .select(['id', 'role_id'])
      .where('namespace_id', '=', namespaceId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (same) {
      if (same.role_id !== roleId) {
        ctx.report.note(
          'namespace_user',
          m.id,
          'the member keeps the role Ferry gave them in that namespace',
        );
      }
      return { id: same.id, merged: true };
    }
    const row = await ctx.tx
      .insertInto('namespace_user')
      .values({
        namespace_id: namespaceId,
        user_id: userId,
        role_id: roleId,
        insert_time: ctx.now,
        update_time: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
}
