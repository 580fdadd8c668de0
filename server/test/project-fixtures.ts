import type { projectRoutes, RouteInput } from '@ferry/contract';
import type { Insertable } from 'kysely';
import type { ServerTable } from '../src/db/schema.js';
import type { TestApp } from './build-test-app.js';
import type { Actor } from './factories.js';

export type ProjectForm = RouteInput<typeof projectRoutes.add>;

/** A valid git project form; `extra` overrides any field. */
export function projectForm(extra: Partial<ProjectForm> = {}): ProjectForm {
  return {
    name: 'shop',
    repoType: 'git',
    url: 'https://git.example.com/team/shop.git',
    path: '/var/www/shop',
    environment: 1,
    branch: 'main',
    ...extra,
  };
}

/** Adds a project as `actor` in namespace `ns`; fails the test unless the console answers 0. */
export async function addProject(
  t: TestApp,
  actor: Actor,
  form: ProjectForm,
  ns = 1,
): Promise<number> {
  const r = await t.call<{ id: number }>('POST', '/project/add', {
    token: actor.token,
    ns,
    body: form,
  });
  if (r.code !== 0) throw new Error(`add project: ${r.code} ${r.message}`);
  return r.data.id;
}

const EMPTY_TEXT = [
  'path',
  'password',
  'private_key',
  'passphrase',
  'jump_ip',
  'jump_owner',
  'jump_path',
  'jump_password',
  'jump_private_key',
  'jump_passphrase',
  'host_key',
  'pending_host_key',
  'jump_host_key',
  'pending_jump_host_key',
  'os_info',
  'description',
  'last_check_error',
] as const;

/** A server row straight in the database: binding tests need no SSH. */
export async function insertServer(t: TestApp, namespaceId: number, name: string) {
  const now = t.clock.now();
  const row = await t.db
    .insertInto('server')
    .values({
      namespace_id: namespaceId,
      name,
      ip: '192.0.2.10',
      port: 22,
      owner: 'deploy',
      auth_type: 'consoleKey',
      ...Object.fromEntries(EMPTY_TEXT.map((c) => [c, ''])),
      jump_port: 0,
      jump_auth_type: 'password',
      os: 'linux',
      state: 1,
      last_check_time: null,
      insert_time: now,
      update_time: now,
    } as Insertable<ServerTable>)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A second namespace made by the admin. */
export async function secondNamespace(t: TestApp, admin: Actor, name = 'other'): Promise<number> {
  const r = await t.call<{ id: number }>('POST', '/namespace/add', {
    token: admin.token,
    ns: 1,
    body: { name },
  });
  if (r.code !== 0) throw new Error(`add namespace: ${r.message}`);
  return r.data.id;
}
