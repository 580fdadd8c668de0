import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pruneOnce } from '../../infra/retention/retention.js';
import { publishAndWait, traceOf } from '../../../test/deploy-fixtures.js';
import type { TestApp } from '../../../test/build-test-app.js';
import { useAdminApp, type Actor } from '../../../test/factories.js';
import { addProject, insertServer, projectForm } from '../../../test/project-fixtures.js';
import { deployLogFile } from './deploy-log.js';
import { deployLogsRetained } from './deploy-log-retention.js';

const DAY = 86_400_000;
const ctx = {} as { t: TestApp; admin: Actor };
useAdminApp((t, admin) => Object.assign(ctx, { t, admin }), {
  FERRY_DEPLOY_LOG_RETENTION_DAYS: '30',
  FERRY_DEPLOY_LOG_MAX_MB: '0',
});

/** A deploy that fails at once (nothing listens on port 1), leaving its log and trace. */
async function failedDeploy(): Promise<string> {
  const { t, admin } = ctx;
  const serverId = await insertServer(t, 1, `s${Date.now()}`);
  await t.db
    .updateTable('server')
    .set({ ip: '127.0.0.1', port: 1 })
    .where('id', '=', serverId)
    .execute();
  const projectId = await addProject(
    t,
    admin,
    projectForm({ name: `p${serverId}`, repoType: 'empty', url: '', serverIds: [serverId] }),
  );
  return publishAndWait(t, admin, { projectId });
}

const logOf = (token: string) =>
  ctx.t.call<{ lines: unknown[]; pruned: boolean }>('GET', '/deploy/getPublishLog', {
    token: ctx.admin.token,
    ns: 1,
    query: { token },
  });

describe('deploy log retention', () => {
  it('removes the logs of deploys past the age limit; their traces stay and the log reads as pruned', async () => {
    const { t, admin } = ctx;
    const old = await failedDeploy();
    const recent = await failedDeploy();
    await t.db
      .updateTable('job')
      .set({ end_time: t.clock.now() - 31 * DAY })
      .where('token', '=', old)
      .execute();
    expect((await logOf(old)).data.lines.length).toBeGreaterThan(0);

    const kind = deployLogsRetained(t.db, t.dataDir);
    const policy = t.config.retention.deployLogs;
    expect(await pruneOnce(kind, policy, t.clock.now())).toBe(1);
    expect(fs.existsSync(deployLogFile(t.dataDir, old))).toBe(false);
    expect(fs.existsSync(deployLogFile(t.dataDir, recent))).toBe(true);
    expect((await logOf(old)).data).toEqual({ lines: [], truncated: false, pruned: true });
    expect((await logOf(recent)).data.pruned).toBe(false);
    expect((await traceOf(t, admin, old)).length).toBeGreaterThan(0);
    // Idempotent: nothing more to do.
    expect(await pruneOnce(kind, policy, t.clock.now())).toBe(0);
  });

  it('removes the oldest logs beyond the size limit', async () => {
    const { t } = ctx;
    const first = await failedDeploy();
    const second = await failedDeploy();
    await t.db
      .updateTable('job')
      .set({ end_time: t.clock.now() - DAY })
      .where('token', '=', first)
      .execute();
    // Each log made 1 MB larger: over 2 MB kept under a 2 MB limit, the older goes.
    for (const token of [first, second]) {
      fs.appendFileSync(deployLogFile(t.dataDir, token), Buffer.alloc(1024 * 1024, 10));
    }
    const kind = deployLogsRetained(t.db, t.dataDir);
    expect(await pruneOnce(kind, { maxAgeDays: 0, maxMb: 2 }, t.clock.now())).toBe(1);
    expect((await logOf(first)).data.pruned).toBe(true);
    expect((await logOf(second)).data.pruned).toBe(false);
  });
});
