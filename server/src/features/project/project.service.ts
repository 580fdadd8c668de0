import {
  DeployState,
  isMaskedNotifyTarget,
  parseRepoUrl,
  Perm,
  type RouteParsed,
  type projectRoutes,
} from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import { randomAlphanumeric, type SecretBox } from '../../core/crypto.js';
import { failed } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import type { KnownHosts } from '../../infra/git/known-hosts.js';
import type { KeyFiles } from '../../infra/ssh/key-files.js';
import type { WorkingCopies } from '../../infra/git/working-copies.js';
import type { NotifyTargets } from '../../infra/notify/notify-target.js';
import {
  accessFromInput,
  accessFromRow,
  assertOutsideDataDir,
  assertUsableKeyFile,
  sealAccess,
} from './project-credentials.js';
import {
  assertTransferOption,
  checkedBindings,
  formColumns,
  notifySecretColumn,
  repoHostKeys,
} from './project-fields.js';
import type { ProjectScope } from './project-scope.js';
import { presentBoundServer, presentBoundUser, presentProject } from './project.presenter.js';
import type { ProjectRepository } from './project.repository.js';

type AddInput = RouteParsed<typeof projectRoutes.add>;
type EditInput = RouteParsed<typeof projectRoutes.edit>;

/** What a new project has not done yet. */
const NEVER_DEPLOYED = {
  state: 1,
  auto_deploy: 0,
  deploy_state: DeployState.notDeployed,
  publisher_id: 0,
  publisher_name: '',
  last_publish_token: '',
} as const;

/** Projects of a namespace: the list, saving, auto deploy, removal, the repository's host key. */
export function createProjectService(deps: {
  projects: ProjectRepository;
  scope: ProjectScope;
  box: SecretBox;
  /** Seals, opens and masks the notification address. */
  targets: NotifyTargets;
  clock: Clock;
  copies: WorkingCopies;
  knownHosts: KnownHosts;
  keyFiles: KeyFiles;
  dataDir: string;
  /** Ids of the servers a namespace may use: its own and the shared ones. */
  usableServerIds: (namespaceId: number) => Promise<Set<number>>;
  /** Ids of the users who are members of a namespace. */
  memberIds: (namespaceId: number) => Promise<Set<number>>;
}) {
  const { projects, scope, box, targets, clock, copies, knownHosts } = deps;

  async function usable(namespaceId: number) {
    const [servers, members] = await Promise.all([
      deps.usableServerIds(namespaceId),
      deps.memberIds(namespaceId),
    ]);
    return { servers, members };
  }

  /**
   * goploy's "copy" posts a project's form to `/project/add`, its notification address masked as
   * the list showed it. The stored address of the caller's project behind that mask is the one
   * meant, when exactly one address of the projects they see masks so. SECURITY: only for a caller
   * who may reveal those addresses anyway (EditProject); anyone else types the address again.
   */
  async function copiedNotifyTarget(ctx: RequestContext, sent: string) {
    if (!isMaskedNotifyTarget(sent) || !ctx.permissions.has(Perm.EditProject)) return undefined;
    const rows = await projects.list(ctx.namespaceId, scope.boundFilter(ctx));
    const stored = rows.filter((r) => r.notify_target && targets.shown(r.notify_target) === sent);
    const addresses = new Set(stored.map((r) => targets.open(r.notify_target)));
    return addresses.size === 1 ? stored[0]!.notify_target : undefined;
  }

  return {
    async list(ctx: RequestContext) {
      const rows = scope.keyFilter(
        ctx,
        await projects.list(ctx.namespaceId, scope.boundFilter(ctx)),
      );
      const bindings = await projects.bindingsOf(rows.map((r) => r.id));
      return rows.map((r) =>
        presentProject(
          r,
          bindings.get(r.id)!,
          repoHostKeys(r.url, r.repo_type, knownHosts),
          targets.shown(r.notify_target),
        ),
      );
    },

    labels: (ctx: RequestContext) => projects.labels(ctx.namespaceId, scope.boundFilter(ctx)),

    async boundServers(ctx: RequestContext, id: number) {
      const p = await scope.readable(ctx, id);
      return (await projects.boundServers(p.id)).map(presentBoundServer);
    },

    async boundUsers(ctx: RequestContext, id: number) {
      const p = await scope.readable(ctx, id);
      return (await projects.boundUsers(p.id)).map(presentBoundUser);
    },

    async add(ctx: RequestContext, input: AddInput): Promise<number> {
      const copied = await copiedNotifyTarget(ctx, input.notifyTarget);
      assertOutsideDataDir(input.url, deps.dataDir);
      assertUsableKeyFile(input, deps.keyFiles);
      assertTransferOption(input);
      const access = accessFromInput(input);
      const bindings = checkedBindings(input, await usable(ctx.namespaceId));
      const now = clock.now();
      return projects.insert(
        {
          namespace_id: ctx.namespaceId,
          ...formColumns(input),
          notify_target: copied ?? targets.column(input.notifyTarget),
          ...sealAccess(access, box),
          ...notifySecretColumn(input, (plain) => box.seal(plain)),
          // New projects get a webhook secret (wire-api §4); it is shown when reset.
          webhook_secret: box.seal(randomAlphanumeric(40)),
          ...NEVER_DEPLOYED,
          insert_time: now,
          update_time: now,
        },
        bindings,
      );
    },

    /**
     * Empty secrets keep the stored ones for the same host, the masked notify address the stored
     * one. Bindings are replaced as a whole. A new address throws the working copy away: the next
     * use clones the new repository.
     */
    async edit(ctx: RequestContext, input: EditInput): Promise<void> {
      const row = await scope.editable(ctx, input.id);
      assertOutsideDataDir(input.url, deps.dataDir);
      assertUsableKeyFile(input, deps.keyFiles);
      assertTransferOption(input);
      const access = accessFromInput(input, accessFromRow(row, box));
      const bindings = checkedBindings(input, await usable(ctx.namespaceId));
      const now = clock.now();
      await projects.update(
        row.id,
        {
          ...formColumns(input),
          notify_target: targets.column(input.notifyTarget, row.notify_target),
          ...sealAccess(access, box),
          ...notifySecretColumn(input, (plain) => box.seal(plain), row),
          update_time: now,
        },
        bindings,
        now,
      );
      if (access.url !== row.url || access.repoType !== row.repo_type) await copies.remove(row.id);
    },

    /** SECURITY: the notify address in clear, to those who may configure the project alone. */
    async showNotifyTarget(ctx: RequestContext, id: number) {
      const row = await scope.editable(ctx, id);
      return { notifyTarget: targets.open(row.notify_target) };
    },

    async setAutoDeploy(ctx: RequestContext, input: { id: number; autoDeploy: 0 | 1 }) {
      const row = await scope.editable(ctx, input.id);
      await projects.patch(row.id, { auto_deploy: input.autoDeploy, update_time: clock.now() });
    },

    /** The working copy goes; the row stays (state 0) so the publish history still reads. */
    async remove(ctx: RequestContext, id: number): Promise<void> {
      const row = await scope.editable(ctx, id);
      await copies.remove(row.id);
      await projects.markRemoved(row.id, clock.now());
    },

    /** Trusts the key the repository host presented last, for every project on that host. */
    async acceptRepoHostKey(ctx: RequestContext, id: number) {
      const row = await scope.editable(ctx, id);
      const parsed = parseRepoUrl(row.url, row.repo_type);
      const pending = repoHostKeys(row.url, row.repo_type, knownHosts).pending;
      if ('problem' in parsed || !pending) {
        throw failed(
          'The repository host has presented no new key to accept',
          'no_pending_host_key',
        );
      }
      return { hostKey: knownHosts.accept(parsed.host, parsed.port || 22) };
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
