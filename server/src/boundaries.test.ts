import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The project's own ESLint configuration, reduced to its import rules (no type information). */
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

async function refused(file: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, {
    filePath: path.join(root, file),
  });
  return (result?.messages ?? []).some((m) => m.ruleId === 'no-restricted-imports');
}

// The first lint loads the whole configuration and its plugins: seconds on a busy machine.
describe('the boundaries between server features', { timeout: 60_000 }, () => {
  it("refuse a feature importing another feature's repository, service or inner file", async () => {
    const file = 'server/src/features/deploy/deploy.service.ts';
    expect(await refused(file, "import '../project/project.repository.js';")).toBe(true);
    expect(await refused(file, "import '../server/server-access.service.js';")).toBe(true);
    expect(await refused(file, "import '../project/project.module.js';")).toBe(true);
    const nested = 'server/src/features/auth/captcha/captcha-store.ts';
    expect(await refused(nested, "import '../../user/user.repository.js';")).toBe(true);
  });

  it("let a feature import another feature's published interface and its own files", async () => {
    const file = 'server/src/features/deploy/deploy.service.ts';
    expect(await refused(file, "import '../project/project.api.js';")).toBe(false);
    expect(await refused(file, "import './deploy-log.js';")).toBe(false);
    expect(await refused(file, "import '../../infra/git/working-copies.js';")).toBe(false);
  });

  it('let the app wire modules and nothing inside a feature', async () => {
    const file = 'server/src/app.ts';
    expect(await refused(file, "import './features/deploy/deploy.module.js';")).toBe(false);
    expect(await refused(file, "import './features/auth/auth.api.js';")).toBe(false);
    expect(await refused(file, "import './features/deploy/deploy.service.js';")).toBe(true);
  });

  it('keep core, infra and db below every feature', async () => {
    for (const file of [
      'server/src/core/ws/hub.ts',
      'server/src/infra/jobs/job-queue.ts',
      'server/src/db/seed.ts',
    ]) {
      expect(await refused(file, "import '../../features/user/user.api.js';")).toBe(true);
    }
  });
});
