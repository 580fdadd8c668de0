import { performance } from 'node:perf_hooks';

/**
 * Runs a bench that sets up real servers: `setUp` fills `parts` as it goes, `measure` prints the
 * report and says whether the target held, and `tearDown` removes every part made, also after a
 * failure or an interrupt (the sshd users and processes must not outlive the run). Exits 0 when
 * the target held, 1 otherwise.
 */
export async function runRig<Rig>(
  setUp: (parts: Partial<Rig>) => Promise<Rig>,
  tearDown: (parts: Partial<Rig>) => Promise<void>,
  measure: (rig: Rig, started: number) => Promise<boolean>,
): Promise<never> {
  const parts: Partial<Rig> = {};
  let pass = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void tearDown(parts).finally(() => process.exit(130)));
  }
  try {
    const started = performance.now();
    pass = await measure(await setUp(parts), started);
  } catch (e) {
    console.error(e);
  } finally {
    await tearDown(parts);
  }
  process.exit(pass ? 0 : 1);
}

/** Seconds since `started`, for a bench's lines. */
export const secondsSince = (started: number, digits = 1) =>
  ((performance.now() - started) / 1000).toFixed(digits);
