import net from 'node:net';
import type { Client } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processesOfUid, tcpSocketOwnerUid, waitForExit } from '../../../test/linux-processes.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { connectSsh, type ConnectOptions, type SshHop, type SshTarget } from './connect.js';
import { execSsh } from './exec.js';
import type { SshAuth } from './ssh-auth.js';
import { SshError } from './ssh-errors.js';

let fleet: SshdFleet | undefined;
let a: SshdServer;
let b: SshdServer;
let rotating: SshdServer;

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 3 });
  [a, b, rotating] = fleet.servers as [SshdServer, SshdServer, SshdServer];
}, 30_000);
afterAll(() => fleet?.stopAll());

const hop = (
  s: SshdServer,
  auth: SshAuth = { kind: 'password', password: s.password },
): SshHop => ({
  host: s.host,
  port: s.port,
  user: s.user,
  auth,
});

/** Connects, runs `cmd` there and closes again; returns the trimmed stdout. */
async function runOn(target: SshTarget, cmd = 'id -un', opts?: ConnectOptions): Promise<string> {
  const client = await connectSsh(target, opts);
  try {
    return (await execSsh(client, { script: cmd })).stdout.trim();
  } finally {
    client.end();
  }
}

/** The SshError a connection attempt fails with. */
async function failure(target: SshTarget, opts?: ConnectOptions): Promise<SshError> {
  const err: unknown = await connectSsh(target, opts).then(
    (c: Client) => {
      c.end();
      throw new Error('connected although it should not');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SshError);
  return err as SshError;
}

/** A port nothing listens on (free a moment ago). */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

describe('connectSsh authentication', () => {
  it('logs in with a password', async () => {
    expect(await runOn(hop(a))).toBe(a.user);
  });

  it('logs in with a private key given as text and as a file', async () => {
    expect(await runOn(hop(a, { kind: 'key', privateKey: a.keys.plain.privateKey }))).toBe(a.user);
    expect(await runOn(hop(a, { kind: 'keyFile', path: a.keys.plain.path }))).toBe(a.user);
  });

  it('logs in with a passphrase-protected key', async () => {
    const { withPassphrase, passphrase } = a.keys;
    const auth: SshAuth = { kind: 'key', privateKey: withPassphrase.privateKey, passphrase };
    expect(await runOn(hop(a, auth))).toBe(a.user);
  });

  it('logs in with the console key from the options', async () => {
    const opts = { consoleKey: { privateKey: a.keys.plain.privateKey } };
    expect(await runOn(hop(a, { kind: 'consoleKey' }), 'id -un', opts)).toBe(a.user);
  });

  it('reports a wrong passphrase as ssh_auth without opening a connection', async () => {
    const auth: SshAuth = {
      kind: 'key',
      privateKey: a.keys.withPassphrase.privateKey,
      passphrase: 'not it',
    };
    const err = await failure(hop(a, auth));
    expect(err.reason).toBe('ssh_auth');
    expect(err.message).toMatch(/passphrase is wrong/);
    expect(err.message).not.toContain('not it');
  });

  it('reports an encrypted key without passphrase and a missing key file as ssh_auth', async () => {
    const noPass = await failure(
      hop(a, { kind: 'key', privateKey: a.keys.withPassphrase.privateKey }),
    );
    expect(noPass.reason).toBe('ssh_auth');
    expect(noPass.message).toMatch(/no passphrase was given/);
    const noFile = await failure(hop(a, { kind: 'keyFile', path: '/nonexistent/id_ed25519' }));
    expect(noFile.reason).toBe('ssh_auth');
    expect(noFile.message).toMatch(/cannot be read \(ENOENT\)/);
  });

  it('reports a wrong password as ssh_auth and never echoes it', async () => {
    const err = await failure(hop(a, { kind: 'password', password: 'wrong-secret-123' }));
    expect(err.reason).toBe('ssh_auth');
    expect(err.message).toContain(`${a.user}@127.0.0.1:${a.port} rejected the password`);
    expect(err.message).not.toContain('wrong-secret-123');
  });

  it('reports a key the server does not accept as ssh_auth', async () => {
    const err = await failure(hop(a, { kind: 'key', privateKey: b.keys.plain.privateKey }));
    expect(err.reason).toBe('ssh_auth');
    expect(err.message).toMatch(/rejected the private key/);
  });
});

describe('connectSsh network failures', () => {
  it('reports a closed port as ssh_refused', async () => {
    const err = await failure({ ...hop(a), port: await closedPort() });
    expect(err.reason).toBe('ssh_refused');
  });

  it('reports a server that never answers the handshake as ssh_timeout and closes the socket', async () => {
    const accepted: net.Socket[] = [];
    let closed = 0;
    const silent = net
      .createServer((socket) => {
        accepted.push(socket);
        socket.resume().on('close', () => closed++);
      })
      .listen(0, '127.0.0.1');
    await new Promise((r) => silent.once('listening', r));
    try {
      const { port } = silent.address() as net.AddressInfo;
      const started = Date.now();
      const err = await failure({ ...hop(a), port }, { connectTimeoutMs: 300 });
      expect(err.reason).toBe('ssh_timeout');
      expect(Date.now() - started).toBeLessThan(2000);
      expect(accepted).toHaveLength(1);
      await expect.poll(() => closed).toBe(1); // the client hung up: no socket left open
    } finally {
      for (const s of accepted) s.destroy();
      await new Promise((r) => silent.close(r));
    }
  });

  it('reports an unknown host name as ssh_dns', async () => {
    const err = await failure({ ...hop(a), host: 'ferry-no-such-host.invalid' });
    expect(err.reason).toBe('ssh_dns');
    expect(err.message).toContain('ferry-no-such-host.invalid');
  });
});

describe('connectSsh host keys', () => {
  it('reports the fingerprint ssh-keygen prints and accepts it when it is the stored one', async () => {
    const seen: string[] = [];
    const opts = { onHostKey: (fp: string) => seen.push(fp) };
    await runOn({ ...hop(a), knownFingerprint: a.hostKeyFingerprint }, 'true', opts);
    expect(seen).toEqual([a.hostKeyFingerprint]);
  });

  it('refuses a changed host key with ssh_host_key_changed, naming both fingerprints', async () => {
    const old = rotating.hostKeyFingerprint;
    expect(await runOn({ ...hop(rotating), knownFingerprint: old })).toBe(rotating.user);
    await rotating.restartWithNewHostKey();
    expect(rotating.hostKeyFingerprint).not.toBe(old);

    const seen: string[] = [];
    const err = await failure(
      { ...hop(rotating), knownFingerprint: old },
      { onHostKey: (fp) => seen.push(fp) },
    );
    expect(err.reason).toBe('ssh_host_key_changed');
    expect(err.message).toContain(old);
    expect(err.message).toContain(rotating.hostKeyFingerprint);
    expect(seen).toEqual([rotating.hostKeyFingerprint]);
  });
});

describe('connectSsh through a jump host', () => {
  it('reaches the target through the jump host forwardOut tunnel', async () => {
    const seen: Array<[string, string]> = [];
    const onHostKey = (fp: string, where: { role: string }) => seen.push([where.role, fp]);
    const client = await connectSsh({ ...hop(b), jump: hop(a) }, { onHostKey });
    try {
      const { stdout } = await execSsh(client, { script: 'id -un; echo "$SSH_CONNECTION"' });
      const [user, connection] = stdout.trim().split('\n');
      expect(user).toBe(b.user);
      // The target's peer is a socket owned by the jump user: the jump host's sshd dialled it.
      const clientPort = Number(connection!.split(' ')[1]);
      expect(tcpSocketOwnerUid(clientPort, b.port)).toBe(a.uid);
      expect(seen).toEqual([
        ['jump', a.hostKeyFingerprint],
        ['target', b.hostKeyFingerprint],
      ]);
    } finally {
      client.end();
    }
    // Ending the target connection also ends the jump connection: no session stays on a.
    expect(
      await waitForExit(
        processesOfUid(a.uid).map((p) => p.pid),
        3000,
      ),
    ).toEqual([]);
  });

  it('reports a wrong jump password as ssh_jump_failed with the inner reason', async () => {
    const jump = hop(a, { kind: 'password', password: 'nope' });
    const err = await failure({ ...hop(b), jump });
    expect(err.reason).toBe('ssh_jump_failed');
    expect(err.innerReason).toBe('ssh_auth');
    expect(err.message).toContain(`The jump host ${a.user}@127.0.0.1:${a.port} failed`);
    expect(err.message).toContain('rejected the password');
  });

  it('reports a target the jump host cannot reach with the target reason', async () => {
    const err = await failure({ ...hop(b), port: await closedPort(), jump: hop(a) });
    expect(err.reason).toBe('ssh_refused');
    expect(err.message).toContain('dialled from the jump host');
  });

  it('reports a wrong target password behind a good jump host as ssh_auth', async () => {
    const err = await failure({
      ...hop(b, { kind: 'password', password: 'nope' }),
      jump: hop(a),
    });
    expect(err.reason).toBe('ssh_auth');
  });
});
