import { randomUUID } from 'node:crypto';
import type { WebhookReason } from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import { randomAlphanumeric, type SecretBox } from '../../core/crypto.js';
import { AppError, denied } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import type { DeployApi } from '../deploy/deploy.api.js';
import type { ProjectAccess, ProjectRecord } from '../project/project.api.js';
import {
  isPush,
  readDelivery,
  verifySignature,
  type DeliveryHeaders,
  type SignedRequest,
} from './webhook-signature.js';
import { pushTarget, sameBranch, type PushTarget } from './webhook-push.js';
import { replayKeys } from './webhook-replay.js';
import type { StaleCheck } from './webhook-stale.js';
import type { WebhookRepository } from './webhook.repository.js';
import { presentDelivery, presentUnsigned } from './webhook.presenter.js';

/** The name deploys started by a webhook carry as their publisher (goploy's). */
export const WEBHOOK_PUBLISHER = { id: 0, name: 'webhook' } as const;

/** A new project's webhook secret: 40 letters and digits, safe in a URL (SVN's `&token=`). */
export const newWebhookSecret = () => randomAlphanumeric(40);

/** A delivery as it reached the route. */
export interface IncomingDelivery extends Omit<SignedRequest, 'now'> {
  projectId: number;
  body: unknown;
  remoteAddr: string;
}

/** What the route answers: a deploy's token, an ignored event, or the one refusal. */
export type DeliveryOutcome = { kind: 'deployed'; token: string } | { kind: 'ignored' };

/** SECURITY: every refusal is this one answer, so it tells nothing about the project. */
export const refusal = () => denied('Webhook refused', 'webhook_refused');

/**
 * Deliveries of `/deploy/webhook`: the provider's signature first (nothing else is read or run
 * for a bad one), then the event, the push's claim (a copy of a signed push is refused), the
 * project's switch and branch, the pushed commit against the deployed ones, then a deploy as
 * "webhook".
 */
export function createWebhookService(deps: {
  repo: WebhookRepository;
  projects: Pick<ProjectAccess, 'editable'>;
  publishAs: DeployApi['publishAs'];
  stale: StaleCheck;
  box: SecretBox;
  clock: Clock;
}) {
  const { repo, box, clock, stale } = deps;

  /** Why the call is not a signed delivery of a live project, or undefined when it is. */
  function proof(
    project: ProjectRecord,
    headers: DeliveryHeaders,
    d: IncomingDelivery,
  ): WebhookReason | undefined {
    if (project.state !== 1) return 'project_removed';
    if (headers.provider === 'unknown') return 'unknown_provider';
    // Projects made before secrets existed take unsigned deliveries, as goploy did (wire-api §4).
    if (!project.webhook_secret) return undefined;
    const secret = box.open(project.webhook_secret);
    return verifySignature(headers.provider, secret, { ...d, now: clock.now() });
  }

  /** Why a fresh signed push may not deploy `project`, else the branch and commit it names. */
  function rules(
    project: ProjectRecord,
    target: ReturnType<typeof pushTarget>,
  ): WebhookReason | PushTarget {
    if (project.auto_deploy !== 1) return 'auto_deploy_off';
    if ('refused' in target) return target.refused;
    return sameBranch(target.branch, project.branch) ? target : 'branch_mismatch';
  }

  /**
   * SECURITY: the push's keys, claimed once across restarts and consoles ([] for a project
   * without a secret: anyone may send it a new push, and nobody may burn its ids).
   */
  async function claimed(project: ProjectRecord, headers: DeliveryHeaders, d: IncomingDelivery) {
    if (!project.webhook_secret || headers.provider === 'unknown') return { fresh: true, keys: [] };
    const keys = replayKeys(headers.provider, d.headers, d.raw);
    return { fresh: await repo.claim(project.id, keys, clock.now()), keys };
  }

  async function deploy(project: ProjectRecord, branch: string, commit: string) {
    const { token } = await deps.publishAs(
      project,
      WEBHOOK_PUBLISHER,
      { projectId: project.id, branch, commit, serverIds: [], customVariables: [] },
      'webhook',
    );
    return token;
  }

  /**
   * The pushed commit judged and, when newer, deployed, one push at a time per project. A push
   * the console could not act on (git could not tell, or the deploy could not start) gives its
   * claim back, so the provider's resend can deploy it.
   */
  function judgeAndDeploy(
    project: ProjectRecord,
    target: PushTarget,
    keys: string[],
    record: (reason: string, token?: string) => Promise<void>,
  ): Promise<DeliveryOutcome> {
    return stale.serialized(project.id, async () => {
      const judged =
        // A git commit's ancestry is read in the git copy; svn's hook names no revision.
        target.commit && project.repo_type === 'git'
          ? await stale.ancestry(project, target.commit)
          : 'newer';
      let reason: WebhookReason = judged === 'stale' ? 'stale_push' : 'ancestry_unknown';
      if (judged === 'newer') {
        try {
          const token = await deploy(project, target.branch, target.commit);
          await record('', token);
          return { kind: 'deployed', token } as const;
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          reason = 'deploy_refused';
        }
      }
      if (reason !== 'stale_push' && keys.length > 0) await repo.release(project.id, keys);
      await record(reason);
      throw refusal();
    });
  }

  return {
    async receive(d: IncomingDelivery): Promise<DeliveryOutcome> {
      const project = await repo.projectById(d.projectId);
      // SECURITY: an unknown id leaves no row and answers like any other refusal.
      if (!project) throw refusal();
      const headers = readDelivery(d.headers);
      const target = pushTarget(headers.provider, d.body);
      const row = {
        namespace_id: project.namespace_id,
        project_id: project.id,
        provider: headers.provider,
        event: headers.event,
        delivery_id: headers.deliveryId || randomUUID(),
        branch: target.branch,
        commit_id: target.commit,
        remote_addr: d.remoteAddr.slice(0, 64),
        insert_time: clock.now(),
      };
      const record = (reason: string, token = '') =>
        repo.record({ ...row, accepted: token ? 1 : 0, reason, deploy_token: token });

      const unproven = proof(project, headers, d);
      if (unproven) {
        await record(unproven);
        throw refusal();
      }
      if (!isPush(headers)) {
        await record('not_push_event');
        return { kind: 'ignored' };
      }
      const { fresh, keys } = await claimed(project, headers, d);
      const ruled = fresh ? rules(project, target) : 'replayed';
      if (typeof ruled === 'string') {
        await record(ruled);
        throw refusal();
      }
      return judgeAndDeploy(project, ruled, keys, record);
    },

    async deliveries(ctx: RequestContext, input: { id: number; page: number; rows: number }) {
      const project = await deps.projects.editable(ctx, input.id);
      const { unsigned, ...page } = await repo.page(project.id, input, presentDelivery);
      return { ...page, unsigned: presentUnsigned(unsigned) };
    },

    /** A new secret, answered this once; the old one stops working at once. */
    async resetSecret(ctx: RequestContext, id: number): Promise<string> {
      const project = await deps.projects.editable(ctx, id);
      const secret = newWebhookSecret();
      await repo.setSecret(project.id, box.seal(secret), clock.now());
      return secret;
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
