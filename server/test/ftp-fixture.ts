import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createUser, removeUser, run } from './linux-accounts.js';
import { freePort } from './sshd-fleet.js';

/**
 * A real FTP server for tests: Debian's vsftpd on a loopback port, one local user with a
 * password, plain FTP and explicit TLS (FTPS) with a certificate signed by a test CA. The user's
 * files live in `root`, which the test writes directly.
 */
export interface FtpOrigin {
  readonly host: '127.0.0.1';
  readonly port: number;
  readonly user: string;
  readonly password: string;
  /** The folder the user logs in to, seen from the test's side and from the server's alike. */
  readonly root: string;
  /** The PEM of the CA that signed the server's certificate. */
  readonly ca: string;
  /** How many files the server has sent so far (its transfer log). */
  downloads(): number;
  stop(): Promise<void>;
}

const VSFTPD = '/usr/sbin/vsftpd';

export async function startFtpOrigin(): Promise<FtpOrigin> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-ftp-'));
  fs.chmodSync(dir, 0o755);
  const root = path.join(dir, 'files');
  fs.mkdirSync(root, { mode: 0o755 });
  const user = `fx${randomBytes(4).toString('hex')}`;
  const password = `ftp-${randomBytes(6).toString('hex')}`;
  await createUser(user, root, password);
  const ca = await makeCertificates(dir);
  const port = await freePort();
  const log = path.join(dir, 'xfer.log');
  const config = path.join(dir, 'vsftpd.conf');
  fs.writeFileSync(config, vsftpdConfig(dir, port, log), { mode: 0o600 });
  const child = spawn(VSFTPD, [config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  try {
    await waitUntilListening(child, port, () => stderr);
  } catch (e) {
    child.kill('SIGKILL');
    await removeUser(user);
    throw e;
  }
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    root,
    ca,
    downloads: () => readLines(log).filter((l) => / o r /.test(l)).length,
    async stop() {
      await stopChild(child);
      await removeUser(user);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function vsftpdConfig(dir: string, port: number, log: string): string {
  return [
    'listen=YES',
    'listen_ipv6=NO',
    'listen_address=127.0.0.1',
    `listen_port=${port}`,
    'background=NO',
    'anonymous_enable=NO',
    'local_enable=YES',
    'write_enable=NO',
    'pam_service_name=vsftpd',
    'seccomp_sandbox=NO',
    'secure_chroot_dir=/var/run/vsftpd/empty',
    'pasv_enable=YES',
    'pasv_address=127.0.0.1',
    'port_enable=NO',
    'xferlog_enable=YES',
    'xferlog_std_format=YES',
    `xferlog_file=${log}`,
    'ssl_enable=YES',
    'allow_anon_ssl=NO',
    'force_local_logins_ssl=NO',
    'force_local_data_ssl=NO',
    'require_ssl_reuse=NO',
    'ssl_tlsv1=YES',
    'ssl_sslv2=NO',
    'ssl_sslv3=NO',
    `rsa_cert_file=${path.join(dir, 'server.crt')}`,
    `rsa_private_key_file=${path.join(dir, 'server.key')}`,
    '',
  ].join('\n');
}

/** A CA and a server certificate for 127.0.0.1 signed by it; answers the CA's PEM. */
async function makeCertificates(dir: string): Promise<string> {
  const at = (name: string) => path.join(dir, name);
  const openssl = (args: string[]) => run('/usr/bin/openssl', args);
  await openssl(
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2'].concat([
      '-subj',
      '/CN=Ferry test CA',
      '-keyout',
      at('ca.key'),
      '-out',
      at('ca.crt'),
    ]),
  );
  await openssl(
    ['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1'].concat([
      '-keyout',
      at('server.key'),
      '-out',
      at('server.csr'),
    ]),
  );
  fs.writeFileSync(at('san.ext'), 'subjectAltName=IP:127.0.0.1\n');
  await openssl(
    ['x509', '-req', '-in', at('server.csr'), '-CA', at('ca.crt'), '-CAkey', at('ca.key')].concat([
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      at('san.ext'),
      '-out',
      at('server.crt'),
    ]),
  );
  return fs.readFileSync(at('ca.crt'), 'utf8');
}

function readLines(file: string): string[] {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

async function waitUntilListening(child: ChildProcess, port: number, stderr: () => string) {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`vsftpd exited: ${stderr()}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`vsftpd did not listen on ${port}: ${stderr()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
