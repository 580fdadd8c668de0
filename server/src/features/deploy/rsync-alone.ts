import { parseArgv } from '@ferry/contract';
import type { Client } from 'ssh2';
import type { TransferTarget } from '../../infra/transfer/ssh-options.js';
import { substitute, type Variables } from './deploy-variables.js';
import type { StageOutput } from './deploy-log.js';
import type { DeployRun } from './deploy-run.js';
import { isRsync, sendByRsyncAlone, type AloneSend, type AloneSent } from './transfer-senders.js';

/** How rsync may log in to a server by itself: the verified login and the transfer's words. */
export interface AlonePlan {
  target: TransferTarget;
  argv: string[];
}

/**
 * When rsync can log in alone: rsync mode, not a rollback, no `--rsync-path` of the project's own
 * (say `sudo rsync`, kept as it is by the usual path), and the console still holds the host keys
 * it last verified for the server. Undefined otherwise: the usual path connects first.
 */
export async function planAlone(
  run: DeployRun,
  serverId: number,
  relinkOnly: boolean,
  vars: Variables,
): Promise<AlonePlan | undefined> {
  if (relinkOnly || !isRsync(run.project.transferType)) return undefined;
  const argv = parseArgv(substitute(run.project.transferOption, vars));
  if (!Array.isArray(argv)) return undefined; // reported by the usual path, as always
  if (argv.some((word) => word === '--rsync-path' || word.startsWith('--rsync-path='))) {
    return undefined;
  }
  const target = await run.access.deployTarget(serverId);
  return target ? { target, argv } : undefined;
}

/** A console connection to the server, and how OpenSSH logs in to it (for a retried rsync). */
export interface Opened {
  client: Client;
  target: TransferTarget;
}

/** What `sendAlone` did. */
export interface AloneOutcome {
  /** The transfer (not yet recorded), or 'login-failed' when rsync's ssh could not log in. */
  sent: AloneSent | 'login-failed';
  out: StageOutput;
  /** The console's connection, when it was asked for. */
  opened?: Opened;
  /** Frees the budget slot taken for rsync's ssh; kept for a retried rsync until then. */
  release: () => void;
}

/**
 * rsync logs in alone and creates the release itself (seeded from `seedFrom`), then runs `after`
 * in the same login (the symlink switch) when given. When the server needs the console too
 * (`connect`: an after-deploy script), the console opens its connection meanwhile: the two
 * logins overlap instead of following each other. A failed console login fails the server once
 * both have ended (the transfer is then not recorded).
 */
export async function sendAlone(
  run: DeployRun,
  serverId: number,
  dest: string,
  plan: AlonePlan,
  opts: { seedFrom?: string; connect: boolean; after?: AloneSend['after'] },
): Promise<AloneOutcome> {
  const out = run.log.stage('transfer', serverId);
  const timeoutMs = run.project.transferTimeout * 1000;
  // rsync's ssh counts against the server's connection budget like the console's own.
  // Its release may be called more than once (the budget's is idempotent).
  const release = await run.access.reserveConnections(serverId, 1, run.signal);
  const [sent, opened] = await Promise.allSettled([
    sendByRsyncAlone({
      run,
      target: plan.target,
      dest,
      argv: plan.argv,
      timeoutMs,
      out,
      ...(opts.seedFrom ? { seedFrom: opts.seedFrom } : {}),
      ...(opts.after ? { after: opts.after } : {}),
    }),
    opts.connect ? run.access.openForDeploy(serverId, { signal: run.signal }) : undefined,
  ]);
  if (sent.status === 'rejected' || opened.status === 'rejected') {
    release();
    if (opened.status === 'fulfilled') opened.value?.client.end();
    throw opened.status === 'rejected' ? opened.reason : (sent as PromiseRejectedResult).reason;
  }
  if (sent.value !== 'login-failed') release();
  return { sent: sent.value, out, release, ...(opened.value ? { opened: opened.value } : {}) };
}
