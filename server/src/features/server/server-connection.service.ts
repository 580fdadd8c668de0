import type { serverRoutes, RouteParsed } from '@ferry/contract';
import type { Client } from 'ssh2';
import type { Clock } from '../../core/clock.js';
import type { SecretBox } from '../../core/crypto.js';
import { AppError, failed, invalid } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import type { ConsoleKeyPair } from '../../infra/ssh/console-key.js';
import { execSsh } from '../../infra/ssh/exec.js';
import type { KeyFiles } from '../../infra/ssh/key-files.js';
import { shellQuote } from '../../infra/ssh/quote.js';
import { collectOsInfo } from './os-info.js';
import type { SeenKeys, ServerAccessService } from './server-access.service.js';
import type { ServerScope } from './server-scope.js';
import {
  sameMachines,
  settingsFromInput,
  settingsFromRow,
  settingsProblems,
  type ConnectionSettings,
} from './server-settings.js';
import { NO_KNOWN_KEYS, targetOf } from './server-target.js';
import type { ServerRecord, ServerRepository } from './server.repository.js';

/** The first problem of incomplete settings as a 10003 answer. */
export function assertComplete(settings: ConnectionSettings, keyFiles: KeyFiles): void {
  const [problem] = settingsProblems(settings, keyFiles);
  if (problem) throw invalid(...problem);
}

/** Settings that log in with one method only, every stored secret left out. */
const loggingInWith = (
  s: ConnectionSettings,
  auth: Pick<ConnectionSettings, 'authType' | 'password'>,
): ConnectionSettings => ({ ...s, path: '', privateKey: '', passphrase: '', ...auth });

/**
 * SECURITY: appends the console's public key once. The key line is the console's own (never user
 * input) and still goes through the quoting helper; the rest of the script is fixed.
 */
function installKeyScript(publicKey: string): string {
  const blob = publicKey.split(' ')[1] ?? publicKey;
  return [
    'set -e',
    'umask 077',
    'mkdir -p "$HOME/.ssh"',
    'chmod 700 "$HOME/.ssh"',
    'f="$HOME/.ssh/authorized_keys"',
    'touch "$f"',
    'chmod 600 "$f"',
    `if grep -qF -- ${shellQuote(blob)} "$f"; then echo present; exit 0; fi`,
    // A last line without its newline would otherwise run into ours.
    'if [ -s "$f" ] && [ -n "$(tail -c 1 "$f")" ]; then echo >> "$f"; fi',
    `printf '%s\\n' ${shellQuote(publicKey)} >> "$f"`,
    'echo added',
  ].join('\n');
}

/** Connection tests, the console key's installation, and the look at a server after a save. */
export function createServerConnections(deps: {
  servers: ServerRepository;
  access: ServerAccessService;
  scope: ServerScope;
  box: SecretBox;
  clock: Clock;
  consoleKey: () => ConsoleKeyPair;
  keyFiles: KeyFiles;
}) {
  const { servers, access, scope, box, clock, keyFiles } = deps;

  async function recordCheck(id: number, outcome: { osInfo: string } | { error: string }) {
    await servers.update(id, {
      last_check_time: clock.now(),
      last_check_error: 'error' in outcome ? outcome.error.slice(0, 1024) : '',
      ...('osInfo' in outcome && outcome.osInfo ? { os_info: outcome.osInfo } : {}),
    });
  }

  /**
   * Connects to the stored server with `settings` (its trusted host keys enforced, new ones
   * recorded), runs `use` on the connection and ends it.
   */
  async function withStoredServer<T>(
    row: ServerRecord,
    settings: ConnectionSettings,
    use: (client: Client, seen: SeenKeys, latencyMs: number) => Promise<T>,
  ): Promise<T> {
    const { client, seen, latencyMs } = await access.connectRow(row, { settings });
    try {
      return await use(client, seen, latencyMs);
    } finally {
      client.end();
    }
  }

  /** Runs `work`; an SSH failure is recorded as the server's last check and rethrown. */
  async function recordingFailure<T>(id: number, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      if (e instanceof AppError) await recordCheck(id, { error: e.message });
      throw e;
    }
  }

  async function checkStored(row: ServerRecord, settings: ConnectionSettings) {
    return recordingFailure(row.id, () =>
      withStoredServer(row, settings, async (client, seen, latencyMs) => {
        const osInfo = await collectOsInfo(client);
        await recordCheck(row.id, { osInfo });
        return { latencyMs, osInfo, fingerprint: seen.target, jumpFingerprint: seen.jump };
      }),
    );
  }

  async function checkUnstored(settings: ConnectionSettings) {
    const seen: SeenKeys = { target: '', jump: '' };
    const { client, latencyMs } = await access.dial(
      targetOf(settings, NO_KNOWN_KEYS, keyFiles),
      seen,
    );
    try {
      const osInfo = await collectOsInfo(client);
      return { latencyMs, osInfo, fingerprint: seen.target, jumpFingerprint: seen.jump };
    } finally {
      client.end();
    }
  }

  return {
    /** After a save: logs in once with the stored settings, keeps the OS info or the failure. */
    async probe(id: number): Promise<void> {
      const row = await servers.findById(id);
      if (!row) return;
      await checkStored(row, settingsFromRow(row, box)).catch((e: unknown) => {
        if (!(e instanceof AppError)) throw e;
      });
    },

    /**
     * Tests the form's settings. With `id`, empty secrets come from that server and, while the
     * form still points at its machines, its host keys are enforced and the result is recorded.
     */
    async check(ctx: RequestContext, input: RouteParsed<typeof serverRoutes.check>) {
      const row = input.id === undefined ? undefined : await scope.visible(ctx, input.id);
      const stored = row && settingsFromRow(row, box);
      const settings = settingsFromInput(input, stored);
      assertComplete(settings, keyFiles);
      if (row && stored && sameMachines(settings, stored)) return checkStored(row, settings);
      return checkUnstored(settings);
    },

    /** Logs in once with `password` (never stored) to add the console key, then switches to it. */
    async installPublicKey(
      ctx: RequestContext,
      input: RouteParsed<typeof serverRoutes.installPublicKey>,
    ) {
      const row = await scope.editable(ctx, input.id);
      const stored = settingsFromRow(row, box);
      const { publicKey } = deps.consoleKey();
      const byPassword = loggingInWith(stored, { authType: 'password', password: input.password });
      const outcome = await withStoredServer(row, byPassword, async (client) => {
        const r = await execSsh(
          client,
          { script: installKeyScript(publicKey) },
          { timeoutMs: 30_000 },
        );
        if (r.code !== 0) {
          throw failed(
            `Adding the console key on ${row.name} failed (exit status ${r.code}).`,
            'install_key_failed',
          );
        }
        return r.stdout.trim();
      });
      // Read again: the first login may have stored the host key, which this one must then show.
      const trusted = (await servers.findById(row.id)) ?? row;
      const byKey = loggingInWith(stored, { authType: 'consoleKey', password: '' });
      await withStoredServer(trusted, byKey, async () => undefined);
      await servers.update(row.id, {
        auth_type: 'consoleKey',
        path: '',
        password: '',
        private_key: '',
        passphrase: '',
        update_time: clock.now(),
      });
      access.serverChanged(row.id, 'edited', ctx.log);
      return { installed: outcome === 'added' };
    },
  };
}

export type ServerConnections = ReturnType<typeof createServerConnections>;
