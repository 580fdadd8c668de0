import { presentServer } from './server.presenter.js';
import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { ConsoleKeyPair } from '../../infra/ssh/console-key.js';
import type { KeyFiles } from '../../infra/ssh/key-files.js';
import { createConnectionBudget } from '../../infra/ssh/connection-budget.js';
import { createSshPool } from '../../infra/ssh/ssh-pool.js';
import { createSshReuse } from '../../infra/transfer/ssh-reuse.js';
import type { ServerDirectory } from './server.api.js';
import { createServerAccess } from './server-access.service.js';
import { createServerConnections } from './server-connection.service.js';
import { createServerScope } from './server-scope.js';
import { serverPlugin } from './server.plugin.js';
import { createServerRepository, type ServerRecord } from './server.repository.js';
import { createServerService } from './server.service.js';

/** Servers, their credentials and host keys, and the pooled SSH connections to them. */
export function createServerModule(
  shared: SharedDeps,
  deps: {
    consoleKey: () => ConsoleKeyPair;
    /** The key files servers may log in with. */
    keyFiles: KeyFiles;
    /** Limit for SSH connect, handshake and login of each hop (tests shorten it). */
    sshConnectTimeoutMs?: number | undefined;
  },
): FeatureModule<ServerDirectory> {
  const { box, clock, events } = shared;
  const servers = createServerRepository(shared.db);
  const pool = createSshPool();
  const seconds = shared.config.sshReuseSeconds;
  const reuse = seconds > 0 ? createSshReuse({ seconds }) : undefined;
  const access = createServerAccess({
    servers,
    box,
    pool,
    ...(reuse ? { reuse } : {}),
    budget: createConnectionBudget(shared.config.sshMaxConnectionsPerServer),
    consoleKey: deps.consoleKey,
    keyFiles: deps.keyFiles,
    ...(deps.sshConnectTimeoutMs ? { connectTimeoutMs: deps.sshConnectTimeoutMs } : {}),
  });
  // A disabled server, or one whose address or credentials changed, ends its open sockets.
  access.onServerChanged((serverId) => void events.emit({ kind: 'server', serverId }));
  const scope = createServerScope(servers);
  const common = {
    servers,
    access,
    scope,
    box,
    clock,
    consoleKey: deps.consoleKey,
    keyFiles: deps.keyFiles,
  };
  const connections = createServerConnections(common);
  const service = createServerService({ ...common, connections });
  const open = (v: string) => (v ? box.open(v) : '');
  return {
    plugin: (app) => {
      app.addHook('onClose', async () => {
        pool.close();
        await reuse?.close();
      });
      return serverPlugin(service, connections)(app);
    },
    api: {
      access,
      usableIds: async (namespaceId) =>
        new Set((await servers.list(namespaceId, { name: '', host: '' })).map((s) => s.id)),
      visible: (ctx, id) => scope.visible(ctx, id),
      async shown(id) {
        const row = await servers.findById(id);
        return row && presentServer(row);
      },
      async forDeploy(ids) {
        const rows = (await Promise.all(ids.map((id) => servers.findById(id)))).filter(
          (r) => r !== undefined,
        );
        return {
          servers: rows.map(factsOf),
          secrets: rows
            .flatMap((s) => [open(s.password), open(s.jump_password), open(s.passphrase)])
            .filter((v) => v !== ''),
        };
      },
    },
  };
}

function factsOf(s: ServerRecord) {
  return {
    id: s.id,
    name: s.name,
    ip: s.ip,
    port: s.port,
    owner: s.owner,
    keyPath: s.path,
    jump: s.jump_ip
      ? { ip: s.jump_ip, port: s.jump_port || 22, owner: s.jump_owner, keyPath: s.jump_path }
      : null,
  };
}
