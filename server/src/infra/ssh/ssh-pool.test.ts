import type { Client } from 'ssh2';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { connectSsh } from './connect.js';
import { execSsh } from './exec.js';
import { SshError } from './ssh-errors.js';
import { createSshPool, type SshLease, type SshPool } from './ssh-pool.js';
import { passwordLogin } from '../../../test/sshd-login.js';

let fleet: SshdFleet | undefined;
let server: SshdServer;
let restarting: SshdServer;

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 2 });
  [server, restarting] = fleet.servers as [SshdServer, SshdServer];
}, 30_000);
afterAll(() => fleet?.stopAll());

/** A connect function that counts the TCP connections it opens. */
function counted(s: SshdServer) {
  const opened: Client[] = [];
  const connect = async () => {
    const client = await connectSsh(passwordLogin(s));
    opened.push(client);
    return client;
  };
  return { connect, opened };
}

const whoami = async (lease: SshLease) =>
  (await execSsh(lease.client, { argv: ['id', '-un'] })).stdout.trim();

const closeOf = (client: Client) => new Promise<void>((r) => client.once('close', () => r()));

/** Whether `p` has settled after the pending callbacks ran. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setTimeout(r, 20));
  return done;
}

describe('createSshPool', () => {
  let pool: SshPool;
  afterEach(() => pool.close());

  it('reuses one connection for sequential leases of a server', async () => {
    pool = createSshPool();
    const { connect, opened } = counted(server);
    const first = await pool.lease(1, connect);
    expect(await whoami(first)).toBe(server.user);
    first.release();
    const second = await pool.lease(1, connect);
    expect(await whoami(second)).toBe(server.user);
    second.release();
    expect(second.client).toBe(first.client);
    expect(opened).toHaveLength(1);
  });

  it('shares one connection attempt between concurrent leases', async () => {
    pool = createSshPool();
    const { connect, opened } = counted(server);
    const leases = await Promise.all([1, 2, 3].map(() => pool.lease(7, connect)));
    expect(new Set(leases.map((l) => l.client)).size).toBe(1);
    expect(opened).toHaveLength(1);
    const users = await Promise.all(leases.map(whoami));
    expect(users).toEqual([server.user, server.user, server.user]);
    for (const l of leases) l.release();
  });

  it('makes the lease over the channel cap wait for a release, first come first served', async () => {
    pool = createSshPool({ maxChannelsPerServer: 2 });
    const { connect } = counted(server);
    const a = await pool.lease(1, connect);
    const b = await pool.lease(1, connect);
    const order: string[] = [];
    const c = pool.lease(1, connect).then((l) => (order.push('c'), l));
    const d = pool.lease(1, connect).then((l) => (order.push('d'), l));
    expect(await settled(c)).toBe(false);
    a.release();
    a.release(); // twice is harmless: it must not free a second slot
    expect(await whoami(await c)).toBe(server.user);
    expect(await settled(d)).toBe(false);
    b.release();
    (await d).release();
    (await c).release();
    expect(order).toEqual(['c', 'd']);
  });

  it('ends a connection left without a lease for idleMs and opens a new one later', async () => {
    pool = createSshPool({ idleMs: 100 });
    const { connect, opened } = counted(server);
    const first = await pool.lease(1, connect);
    const closed = closeOf(first.client);
    first.release();
    await closed;
    const second = await pool.lease(1, connect);
    expect(second.client).not.toBe(first.client);
    expect(await whoami(second)).toBe(server.user);
    second.release();
    expect(opened).toHaveLength(2);
  });

  it('keeps a connection in use open past idleMs', async () => {
    pool = createSshPool({ idleMs: 50 });
    const { connect } = counted(server);
    const lease = await pool.lease(1, connect);
    await new Promise((r) => setTimeout(r, 150));
    expect(await whoami(lease)).toBe(server.user);
    lease.release();
  });

  it('drop ends the connection: leases out fail, waiters get ssh_closed, the next lease reconnects', async () => {
    pool = createSshPool({ maxChannelsPerServer: 1 });
    const { connect, opened } = counted(server);
    const held = await pool.lease(1, connect);
    const waiting = pool.lease(1, connect).catch((e: unknown) => e);
    const closed = closeOf(held.client);
    pool.drop(1);
    await closed;
    const err = await waiting;
    expect(err).toBeInstanceOf(SshError);
    expect((err as SshError).reason).toBe('ssh_closed');
    await expect(whoami(held)).rejects.toMatchObject({ reason: 'exec_failed' });
    held.release();
    const next = await pool.lease(1, connect);
    expect(await whoami(next)).toBe(server.user);
    next.release();
    expect(opened).toHaveLength(2);
  });

  it('forgets a connection the server closed and reconnects on the next lease', async () => {
    pool = createSshPool();
    const { connect, opened } = counted(restarting);
    const first = await pool.lease(1, connect);
    first.release();
    const closed = closeOf(first.client);
    await restarting.restartWithNewHostKey(); // ends every session of that sshd
    await closed;
    const second = await pool.lease(1, connect);
    expect(await whoami(second)).toBe(restarting.user);
    second.release();
    expect(opened).toHaveLength(2);
  });

  it('passes a failed connection attempt to every caller and frees their slots', async () => {
    pool = createSshPool({ maxChannelsPerServer: 1 });
    let attempts = 0;
    const failing = () => {
      attempts++;
      return Promise.reject(new SshError('ssh_refused', 'refused'));
    };
    await expect(pool.lease(1, failing)).rejects.toMatchObject({ reason: 'ssh_refused' });
    await expect(pool.lease(1, failing)).rejects.toMatchObject({ reason: 'ssh_refused' });
    expect(attempts).toBe(2);
    const { connect } = counted(server);
    const ok = await pool.lease(1, connect);
    ok.release();
  });

  it('gives up waiting for a slot when the signal aborts, and refuses leases after close', async () => {
    pool = createSshPool({ maxChannelsPerServer: 1 });
    const { connect } = counted(server);
    const held = await pool.lease(1, connect);
    const abort = new AbortController();
    const waiting = pool.lease(1, connect, abort.signal);
    abort.abort();
    await expect(waiting).rejects.toMatchObject({ reason: 'ssh_closed' });
    held.release();
    const closed = closeOf(held.client);
    pool.close();
    await closed;
    await expect(pool.lease(1, connect)).rejects.toMatchObject({ reason: 'ssh_closed' });
  });
});
