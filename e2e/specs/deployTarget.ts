import { test } from '@playwright/test';
import { createGitOrigin, type GitOrigin } from '../../server/test/git-fixture.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../server/test/sshd-fleet.js';

/** A real sshd whose files lie under `mountAt`, and a git origin to deploy from. */
export interface DeployTarget {
  mountAt: string;
  sshd: SshdServer;
  origin: GitOrigin;
}

/**
 * For the specs of one file: one real sshd (its files under `/srv/ferry-e2e-<name>-…`) and a git
 * origin holding `first`, started before them and stopped after. The fields are set once the
 * file's `beforeAll` has run.
 */
export function useDeployTarget(
  name: string,
  first: { files: Record<string, string>; message: string },
): DeployTarget {
  const target = { mountAt: `/srv/ferry-e2e-${name}-${Date.now().toString(36)}` } as DeployTarget;
  let fleet: SshdFleet | undefined;
  test.beforeAll(async () => {
    fleet = await startSshdFleet({ count: 1, mountAt: target.mountAt });
    target.sshd = fleet.servers[0]!;
    target.origin = await createGitOrigin();
    await target.origin.commit(first.files, first.message);
  });
  test.afterAll(async () => {
    await fleet?.stopAll();
    target.origin?.cleanup();
  });
  return target;
}
