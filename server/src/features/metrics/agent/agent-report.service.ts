import { AGENT_SIGN_WINDOW_S, agentRoutes, Code } from '@ferry/contract';
import type { z } from 'zod';
import type { Clock } from '../../../core/clock.js';
import { AppError, invalid } from '../../../core/errors.js';
import type { MetricIngest, MetricSample } from '../metrics-deps.js';
import type { AgentKeys } from './agent-keys.js';
import { signedQuery, signedWith } from './agent-sign.js';
import type { AgentRepository } from './agent.repository.js';

/**
 * SECURITY: goploy answers a bad signature with code 2 and its reason; this one answer stands for
 * every refusal (missing, stale or wrong signature, unknown server, replay), so a caller learns
 * nothing about which part failed, nor whether the server exists.
 */
const refused = () => new AppError(Code.error, 'sign error', 'agent_sign_refused');

/** A signed report as it arrived: the query's signature and the body's exact bytes. */
export interface AgentReport {
  timestamp: string | undefined;
  sign: string | undefined;
  raw: Buffer;
}

/**
 * Reports of installed agents (`POST /agent/report`): the signature is checked with the key of
 * the server the body names (read again when it fails the one remembered: another console may
 * have installed the agent anew), so no key writes another server's metrics; a signature is accepted
 * once (two consoles share the record; the metrics pruning deletes it once expired); the samples
 * go to the one write path.
 */
export function createAgentReports(deps: {
  repo: AgentRepository;
  keys: AgentKeys;
  ingest: Pick<MetricIngest, 'record'>;
  clock: Clock;
}) {
  const { repo, keys, clock } = deps;

  return {
    async receive(report: AgentReport): Promise<void> {
      const now = clock.now();
      const query = signedQuery(report, now);
      const body = parseJson(report.raw);
      const serverId = typeof body?.serverId === 'number' ? body.serverId : 0;
      if (!query || !body || !Number.isSafeInteger(serverId) || serverId < 1) {
        throw refused();
      }
      const verifies = (key: string | undefined) =>
        key !== undefined && signedWith(report.raw, query.timestamp, query.sign, key);
      if (!verifies(await keys.keyOf(serverId)) && !verifies(await keys.reread(serverId))) {
        throw refused();
      }

      const { time, samples } = samplesOf(body, query.seconds, now);
      const expires = (query.seconds + AGENT_SIGN_WINDOW_S + 1) * 1000;
      if (!(await repo.firstSight(serverId, query.sign, expires))) throw refused();
      await deps.ingest.record(serverId, time, samples);
    },
  };
}

export type AgentReports = ReturnType<typeof createAgentReports>;

function parseJson(raw: Buffer): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(raw.toString('utf8'));
    return typeof v === 'object' && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The samples of a signed body, strictly: our batch (it has `samples`) or goploy's one sample,
 * which is dated by the signed timestamp (its `reportTime` has neither zone nor seconds). A batch
 * may not be dated after the console's clock allows the signature to be, nor earlier than the
 * signature's window before its timestamp (the agent dates its batch with the timestamp it signs),
 * so a key cannot write into its server's past charts and roll-ups.
 */
function samplesOf(
  body: Record<string, unknown>,
  seconds: number,
  now: number,
): { time: number; samples: MetricSample[] } {
  if ('samples' in body) {
    const batch = parsed(agentRoutes.agentBatchReport, body);
    if (batch.time > now + AGENT_SIGN_WINDOW_S * 1000) {
      throw invalid('time', 'must not be in the future');
    }
    if (batch.time < (seconds - AGENT_SIGN_WINDOW_S) * 1000) {
      throw invalid('time', `must be at most ${AGENT_SIGN_WINDOW_S} s before the signed timestamp`);
    }
    return { time: batch.time, samples: batch.samples };
  }
  const one = parsed(agentRoutes.goploySampleReport, body);
  return { time: seconds * 1000, samples: [{ type: one.type, item: one.item, value: one.value }] };
}

function parsed<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw invalid(issue?.path.length ? issue.path.join('.') : 'body', issue?.message ?? 'is invalid');
}
