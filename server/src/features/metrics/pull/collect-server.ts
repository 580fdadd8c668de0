import type { RemoteRunApi } from '../../remote-run/remote-run.api.js';
import { parseSamples } from '../collector/parse-samples.js';
import type { MetricIngest } from '../metrics-deps.js';

/** What one pull collection needs. */
export interface CollectDeps {
  /** The collector's text (`collectorScript()`). */
  script: string;
  execOnServer: RemoteRunApi['execOnServer'];
  ingest: MetricIngest;
  log: { warn(o: object, m: string): void };
}

/** The last characters of a collector's error output kept as the reason. */
const REASON_CHARS = 500;

/**
 * Runs the collector once on a server (`sh -s`, sent as it is) and hands the samples to the
 * ingest at `time`; a server that cannot be reached, a collector that fails, is stopped at
 * `timeoutS` or prints no sample is `unreachable` there, with the reason.
 */
export async function collectServer(
  deps: CollectDeps,
  source: { serverId: number; namespaceId: number },
  time: number,
  timeoutS: number,
): Promise<void> {
  const { serverId } = source;
  let output: string;
  try {
    const run = await deps.execOnServer(source.namespaceId, serverId, deps.script, {
      timeoutS,
      substitute: false,
      // Also bounds the wait for one of the server's pooled channels, busy with other work.
      signal: AbortSignal.timeout(timeoutS * 1000),
    });
    if (run.code !== 0) {
      const said = run.stderr.trim().slice(-REASON_CHARS);
      const end = run.signal ? `was killed by ${run.signal}` : `exited with ${String(run.code)}`;
      await deps.ingest.unreachable(
        serverId,
        time,
        `the collector ${end}${said ? `: ${said}` : ''}`,
      );
      return;
    }
    output = run.stdout;
  } catch (err) {
    await deps.ingest.unreachable(serverId, time, err instanceof Error ? err.message : String(err));
    return;
  }
  const { samples, refused } = parseSamples(output);
  if (refused.length > 0) {
    deps.log.warn({ serverId, refused: refused.slice(0, 5) }, 'metric samples refused');
  }
  if (samples.length === 0) {
    await deps.ingest.unreachable(serverId, time, 'the collector printed no sample');
    return;
  }
  await deps.ingest.record(serverId, time, samples);
}
