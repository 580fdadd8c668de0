import fs from 'node:fs';
import path from 'node:path';
import { Perm } from '@ferry/contract';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';
import { secondNamespace } from '../../../test/project-fixtures.js';
import { clonedProject, useBrowsableOrigin } from '../../../test/repository-fixtures.js';

const origin = useBrowsableOrigin();

/** One route of the browser: its permission, the field that carries a path, how it is sent. */
interface FileRoute {
  method: 'GET' | 'DELETE';
  url: string;
  perm: number;
  field: 'dir' | 'path' | 'file';
}

const ROUTES: FileRoute[] = [
  { method: 'GET', url: '/repository/getFileList', perm: Perm.ManageRepository, field: 'dir' },
  { method: 'GET', url: '/project/getReposFileList', perm: Perm.FileCompare, field: 'path' },
  { method: 'GET', url: '/repository/previewFile', perm: Perm.ManageRepository, field: 'file' },
  { method: 'GET', url: '/repository/downloadFile', perm: Perm.ManageRepository, field: 'file' },
  { method: 'DELETE', url: '/repository/deleteFile', perm: Perm.ManageRepository, field: 'file' },
];

/** A path each route accepts on the fixture's copy (the delete removes a file made for it). */
const OK_PATH: Record<string, string> = {
  dir: 'src',
  path: 'src',
  file: 'README.md',
};

interface Answer {
  code: number;
  message: string;
  reason?: string;
  body: string;
}

describe('repository files security', () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp((app, actor) => {
    t = app;
    admin = actor;
  });

  /** The envelope of an answer, code 0 for a stream that began. */
  async function send(actor: Actor, r: FileRoute, input: Record<string, unknown>, ns = 1) {
    const res = await t.fastify.inject({
      method: r.method,
      url: r.url,
      headers: { cookie: `goploy_token=${actor.token}`, 'g-n-id': String(ns) },
      ...(r.method === 'GET'
        ? { query: input as Record<string, string> }
        : { payload: input as Record<string, string> }),
    });
    const json = String(res.headers['content-type']).startsWith('application/json');
    const env = json ? res.json<Omit<Answer, 'body'>>() : { code: 0, message: '' };
    const answer: Answer = { ...env, body: res.body };
    return answer;
  }

  it.each([
    ['a parent', '..', "must not contain '..' segments"],
    ['a sibling copy', '../project_1', "must not contain '..' segments"],
    ['a climb inside', 'src/../../..', "must not contain '..' segments"],
    ['a climb from the root', '/../x', "must not contain '..' segments"],
    ['a climb from the root, deeper', '/lib/../../x', "must not contain '..' segments"],
    ['a NUL byte', 'a\0b', 'must not contain a NUL byte'],
    ['an over-long path', 'a/'.repeat(2100), 'must be at most 4096 characters'],
    ['an over-long name', 'x'.repeat(256), 'must not have a name longer than 255 bytes'],
  ])('refuses %s on every route, naming the field and the rule', async (_, bad, rule) => {
    const { id } = await clonedProject(t, admin, origin());
    for (const r of ROUTES) {
      const a = await send(admin, r, { id: String(id), [r.field]: bad });
      expect([r.url, a.code, a.message]).toEqual([r.url, 10003, `${r.field} ${rule}`]);
    }
  });

  it('refuses a link leading outside the working copy, as a directory and as a file', async () => {
    const { id } = await clonedProject(t, admin, origin());
    const secret = path.join(origin().outside, 'secret.txt');
    for (const r of ROUTES) {
      // Deleting a link removes the link itself (the integration test shows it): only a path
      // through one may lead out.
      const paths =
        r.method === 'DELETE'
          ? ['out-dir/secret.txt']
          : r.field === 'file'
            ? ['out-file', 'out-dir/secret.txt']
            : ['out-dir', 'out-dir/'];
      for (const p of paths) {
        const a = await send(admin, r, { id: String(id), [r.field]: p });
        expect([r.url, p, a.code, a.reason]).toEqual([r.url, p, 2, 'path_outside_working_copy']);
        expect(a.body).not.toContain('top secret');
        expect(a.body).not.toContain(origin().outside);
      }
    }
    expect(fs.readFileSync(secret, 'utf8')).toBe('top secret\n');
  });

  it('refuses every route without its permission (code 1), and opens it with that one alone', async () => {
    const all = [Perm.GetAllProjectList, Perm.ManageRepository, Perm.FileCompare];
    for (const [i, r] of ROUTES.entries()) {
      const { id, copy } = await clonedProject(t, admin, origin());
      fs.writeFileSync(path.join(copy, 'README.md'), 'again\n');
      const without = await memberOf(t, admin, {
        account: `without${i}`,
        namespaceId: 1,
        permissionIds: all.filter((p) => p !== r.perm),
      });
      const denied = await send(without, r, { id: String(id), [r.field]: OK_PATH[r.field] });
      expect([r.url, denied.code]).toEqual([r.url, 1]);
      expect(fs.existsSync(path.join(copy, 'README.md'))).toBe(true);
      const only = await memberOf(t, admin, {
        account: `only${i}`,
        namespaceId: 1,
        permissionIds: [Perm.GetAllProjectList, r.perm],
      });
      const allowed = await send(only, r, { id: String(id), [r.field]: OK_PATH[r.field] });
      expect([r.url, allowed.code]).toEqual([r.url, 0]);
    }
  });

  it('answers code 1 for a project the caller is not bound to', async () => {
    const { id } = await clonedProject(t, admin, origin());
    const unbound = await memberOf(t, admin, {
      account: 'unbound',
      namespaceId: 1,
      permissionIds: [Perm.ManageRepository, Perm.FileCompare],
    });
    for (const r of ROUTES) {
      const a = await send(unbound, r, { id: String(id), [r.field]: OK_PATH[r.field] });
      expect([r.url, a.code]).toEqual([r.url, 1]);
    }
  });

  it("never lets namespace 1 list, read or delete namespace 2's working copy", async () => {
    const ns2 = await secondNamespace(t, admin);
    const { id, copy } = await clonedProject(t, admin, origin(), ns2);
    const nosy = await memberOf(t, admin, {
      account: 'nosy',
      namespaceId: 1,
      permissionIds: [Perm.GetAllProjectList, Perm.ManageRepository, Perm.FileCompare],
    });
    for (const r of ROUTES) {
      const a = await send(nosy, r, { id: String(id), [r.field]: OK_PATH[r.field] });
      expect([r.url, a.code, a.message]).toEqual([
        r.url,
        1,
        'Project not found or not in this namespace',
      ]);
    }
    expect(fs.existsSync(path.join(copy, 'README.md'))).toBe(true);
  });
});
