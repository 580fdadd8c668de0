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
import { pushTarget, sameBranch } from './webhook-push.js';
import type { WebhookRepository } from './webhook.repository.js';
import { presentDelivery } from './webhook.presenter.js';

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
 * for a bad one), then the event, the project's switch and branch, then a deploy as "webhook".
 */
export function createWebhookService(deps: {
  repo: WebhookRepository;
  projects: Pick<ProjectAccess, 'editable'>;
  publishAs: DeployApi['publishAs'];
  box: SecretBox;
  clock: Clock;
}) {
  const { repo, box, clock } = deps;

  /** Why the delivery may not deploy `project`, or undefined when it may. */
  function check(
    project: ProjectRecord,
    headers: DeliveryHeaders,
    d: IncomingDelivery,
  ): WebhookReason | 'ignored' | undefined {
    if (project.state !== 1) return 'project_removed';
    if (headers.provider === 'unknown') return 'unknown_provider';
    // Projects made before secrets existed take unsigned deliveries, as goploy did (wire-api §4).
    if (project.webhook_secret) {
      const secret = box.open(project.webhook_secret);
      const bad = verifySignature(headers.provider, secret, { ...d, now: clock.now() });
      if (bad) return bad;
    }
    if (!isPush(headers)) return 'ignored';
    if (project.auto_deploy !== 1) return 'auto_deploy_off';
    return undefined;
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

      const why = check(project, headers, d);
      if (why === 'ignored') {
        await record('not_push_event');
        return { kind: 'ignored' };
      }
      const reason =
        why ??
        ('refused' in target
          ? target.refused
          : sameBranch(target.branch, project.branch)
            ? undefined
            : 'branch_mismatch');
      if (reason) {
        await record(reason);
        throw refusal();
      }
      try {
        const token = await deploy(project, target.branch, target.commit);
        await record('', token);
        return { kind: 'deployed', token };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        await record('deploy_refused');
        throw refusal();
      }
    },

    async deliveries(ctx: RequestContext, input: { id: number; page: number; rows: number }) {
      const project = await deps.projects.editable(ctx, input.id);
      return repo.page(project.id, input, presentDelivery);
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
