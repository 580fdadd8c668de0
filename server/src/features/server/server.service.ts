import { isDeepStrictEqual } from 'node:util';
import type { RouteParsed, serverRoutes } from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import type { SecretBox } from '../../core/crypto.js';
import { failed } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import type { ConsoleKeyPair } from '../../infra/ssh/console-key.js';
import type { KeyFiles } from '../../infra/ssh/key-files.js';
import type { ServerAccessService } from './server-access.service.js';
import { assertComplete, type ServerConnections } from './server-connection.service.js';
import { parseServerCsv } from './server-import.js';
import type { ServerScope } from './server-scope.js';
import {
  sameMachines,
  sealSettings,
  settingsFromInput,
  settingsFromRow,
} from './server-settings.js';
import type { NewServer, ServerRepository } from './server.repository.js';

type AddInput = RouteParsed<typeof serverRoutes.add>;
type EditInput = RouteParsed<typeof serverRoutes.edit>;

/** What a new server has not learned yet. */
const UNCHECKED = {
  host_key: '',
  pending_host_key: '',
  jump_host_key: '',
  pending_jump_host_key: '',
  os_info: '',
  last_check_time: null,
  last_check_error: '',
  state: 1,
} as const;

/** The keys of another machine are no longer the server's. */
const FORGET_HOST_KEYS = {
  host_key: '',
  pending_host_key: '',
  jump_host_key: '',
  pending_jump_host_key: '',
} as const;

/** Servers of a namespace: the list, saving, switching on and off, host keys, CSV import. */
export function createServerService(deps: {
  servers: ServerRepository;
  access: ServerAccessService;
  connections: ServerConnections;
  scope: ServerScope;
  box: SecretBox;
  clock: Clock;
  consoleKey: () => ConsoleKeyPair;
  keyFiles: KeyFiles;
}) {
  const { servers, access, connections, scope, box, clock, keyFiles } = deps;

  return {
    list: (ctx: RequestContext, input: RouteParsed<typeof serverRoutes.getList>) =>
      servers.list(ctx.namespaceId, input),

    options: (ctx: RequestContext) => servers.listEnabled(ctx.namespaceId),

    publicKey: () => ({ key: deps.consoleKey().publicKey }),

    /**
     * Stores the server, then logs in once for its OS info and host key. A server that cannot be
     * reached is still added (as goploy does), with the failure as its last check.
     */
    async add(ctx: RequestContext, input: AddInput): Promise<number> {
      const namespaceId = input.namespaceId ?? ctx.namespaceId;
      scope.assertMayPlaceIn(ctx, namespaceId);
      const settings = settingsFromInput(input);
      assertComplete(settings, keyFiles);
      const now = clock.now();
      const id = await servers.insert({
        namespace_id: namespaceId,
        name: input.name,
        os: input.os,
        description: input.description,
        ...sealSettings(settings, box),
        ...UNCHECKED,
        insert_time: now,
        update_time: now,
      });
      await connections.probe(id);
      return id;
    },

    /**
     * Empty secrets keep the stored ones. Another address means another machine: its trusted
     * host keys are forgotten. When the connection settings or the namespace change, open
     * connections and terminals end and the server is looked at again as after an add; a new name
     * or description leaves them alone.
     */
    async edit(ctx: RequestContext, input: EditInput): Promise<void> {
      const row = await scope.editable(ctx, input.id);
      const namespaceId = input.namespaceId ?? row.namespace_id;
      if (namespaceId !== row.namespace_id) scope.assertMayPlaceIn(ctx, namespaceId);
      const stored = settingsFromRow(row, box);
      const settings = settingsFromInput(input, stored);
      assertComplete(settings, keyFiles);
      await servers.update(row.id, {
        namespace_id: namespaceId,
        name: input.name,
        os: input.os,
        description: input.description,
        ...sealSettings(settings, box),
        ...(sameMachines(settings, stored) ? {} : FORGET_HOST_KEYS),
        update_time: clock.now(),
      });
      if (namespaceId !== row.namespace_id || !isDeepStrictEqual(settings, stored)) {
        access.serverChanged(row.id, 'edited', ctx.log);
        await connections.probe(row.id);
      }
    },

    /** Disabling ends the server's connections and terminals. */
    async toggle(ctx: RequestContext, input: RouteParsed<typeof serverRoutes.toggle>) {
      const row = await scope.editable(ctx, input.id);
      await servers.update(row.id, { state: input.state, update_time: clock.now() });
      if (input.state === 0) access.serverChanged(row.id, 'disabled', ctx.log);
    },

    /** Trusts the keys the server and its jump host showed last instead of the stored ones. */
    async acceptHostKey(ctx: RequestContext, id: number) {
      const row = await scope.editable(ctx, id);
      if (!row.pending_host_key && !row.pending_jump_host_key) {
        throw failed('The server has presented no new host key to accept', 'no_pending_host_key');
      }
      const fingerprint = row.pending_host_key || row.host_key;
      const jumpFingerprint = row.pending_jump_host_key || row.jump_host_key;
      await servers.update(row.id, {
        host_key: fingerprint,
        pending_host_key: '',
        jump_host_key: jumpFingerprint,
        pending_jump_host_key: '',
        update_time: clock.now(),
      });
      return { fingerprint, jumpFingerprint };
    },

    /** All rows of the file or none, into the caller's namespace; no server is contacted. */
    async importCsv(ctx: RequestContext, text: string): Promise<number> {
      const now = clock.now();
      const rows: NewServer[] = parseServerCsv(text, keyFiles).map((s) => ({
        namespace_id: ctx.namespaceId,
        name: s.name,
        os: s.os,
        description: s.description,
        ...sealSettings(s.settings, box),
        ...UNCHECKED,
        insert_time: now,
        update_time: now,
      }));
      await servers.insertMany(rows);
      return rows.length;
    },
  };
}

export type ServerService = ReturnType<typeof createServerService>;
