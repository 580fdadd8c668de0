import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { SocketRegistry } from '../../core/ws/socket-registry.js';
import { pruneOnce, scheduleSharedPruning } from '../../infra/retention/retention.js';
import type { ServerDirectory } from '../server/server.api.js';
import { recordingsRetained } from './recording-retention.js';
import { terminalLogPlugin } from './terminal-log.plugin.js';
import { createTerminalLogRepository } from './terminal-log.repository.js';
import { createTerminalLogService } from './terminal-log.service.js';
import { terminalPlugin } from './terminal.plugin.js';
import { createTerminalService } from './terminal.service.js';

/** Web terminals on servers, their log and recordings. */
export function createTerminalModule(
  shared: SharedDeps,
  deps: { servers: ServerDirectory; sockets: SocketRegistry },
): FeatureModule {
  const { config } = shared;
  const logs = createTerminalLogRepository(shared.db);
  const terminals = createTerminalService({
    access: deps.servers.access,
    logs,
    sockets: deps.sockets,
    clock: shared.clock,
    sharedDir: config.sharedDir,
    policy: config.terminal,
  });
  const recordings = recordingsRetained(logs, config.sharedDir);
  const prune = () => pruneOnce(recordings, config.retention.recordings, shared.clock.now());
  const logPlugin = terminalLogPlugin(
    createTerminalLogService({ logs, sharedDir: config.sharedDir }),
  );
  return {
    plugin: (app) => {
      // Recordings past their age or beyond the size limit go at start and every hour, pruned
      // by one console of those sharing the database (and the shared dir).
      let pruning: ReturnType<typeof scheduleSharedPruning> | undefined;
      app.addHook('onReady', async () => {
        pruning = scheduleSharedPruning(
          shared,
          'prune-recordings',
          prune,
          'pruning terminal recordings',
        );
      });
      app.addHook('onClose', async () => {
        await pruning?.stop();
      });
      logPlugin(app);
    },
    socketPlugin: terminalPlugin(terminals),
    api: undefined,
  };
}
