import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { TestApp } from './build-test-app.js';
import type { Actor } from './factories.js';
import { createGitOrigin, type GitOrigin } from './git-fixture.js';
import { addProject, projectForm } from './project-fixtures.js';
import { warmTestDb } from './server-fixtures.js';

export interface BrowsableOrigin {
  origin: GitOrigin;
  outside: string;
}

/**
 * A git origin holding a small tree (text, markup, an image, a nested directory), and a folder
 * outside every working copy with a secret in it, for links that try to lead out.
 */
async function browsableOrigin(): Promise<BrowsableOrigin> {
  const origin = await createGitOrigin();
  await origin.commit(
    {
      'README.md': 'hello\n',
      'src/app.js': 'console.log(1)\n',
      'src/lib/util.js': 'export {}\n',
      'page.html': '<script>alert(1)</script>\n',
      'logo.png': '\x89PNG\r\n',
    },
    'first commit',
  );
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-outside-'));
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'top secret\n');
  return { origin, outside };
}

/**
 * A project of namespace `ns` cloned from `origin` (its branch list clones it) and checked out
 * as a deploy leaves it, with links
 * inside its copy: `to-src` and `to-app` lead inside, `out-dir` and `out-file` lead to
 * `outside`. Answers the project id and the copy's folder.
 */
export async function clonedProject(
  t: TestApp,
  admin: Actor,
  fixture: BrowsableOrigin,
  ns = 1,
): Promise<{ id: number; copy: string }> {
  const id = await addProject(t, admin, projectForm({ url: fixture.origin.url }), ns);
  const r = await t.call('GET', '/repository/getBranchList', {
    token: admin.token,
    ns,
    query: { id },
  });
  if (r.code !== 0) throw new Error(`clone: ${r.code} ${r.message}`);
  const copy = path.join(t.dataDir, 'repository', `project_${id}`);
  execFileSync('git', ['-C', copy, 'checkout', '-q', '-f', 'origin/main', '--']);
  fs.symlinkSync('src', path.join(copy, 'to-src'));
  fs.symlinkSync('src/app.js', path.join(copy, 'to-app'));
  fs.symlinkSync(fixture.outside, path.join(copy, 'out-dir'));
  fs.symlinkSync(path.join(fixture.outside, 'secret.txt'), path.join(copy, 'out-file'));
  return { id, copy };
}

/** `browsableOrigin` for the whole file, with the test database warmed; read it inside tests. */
export function useBrowsableOrigin(): () => BrowsableOrigin {
  let fixture: BrowsableOrigin | undefined;
  beforeAll(async () => {
    [fixture] = await Promise.all([browsableOrigin(), warmTestDb()]);
  }, 60_000);
  afterAll(() => {
    fixture?.origin.cleanup();
    if (fixture) fs.rmSync(fixture.outside, { recursive: true, force: true });
  });
  return () => {
    if (!fixture) throw new Error('the origin is made before the tests');
    return fixture;
  };
}
