import type { Client, SFTPWrapper } from 'ssh2';
import { failed } from '../../core/errors.js';
import type { KnownHosts } from '../git/known-hosts.js';
import { connectSsh } from '../ssh/connect.js';
import type { ConsoleKey, SshAuth } from '../ssh/ssh-auth.js';
import { SshError } from '../ssh/ssh-errors.js';
import { isNoSuchFile, sftpCalls } from '../sftp/sftp-calls.js';
import { sftpTreeSource } from './sftp-tree-source.js';
import { folderSource } from './folder-source.js';

/** An SFTP source: the directory `path` on `host`, and the login there (secrets in clear). */
export interface SftpRemote {
  host: string;
  port: number;
  user: string;
  path: string;
  auth: SshAuth;
}

/**
 * SFTP sources through the same SSH core as servers. The host key is pinned in the console's
 * known_hosts on first contact; a different key later is refused (`ssh_host_key_changed`) and
 * kept as pending, for the project page's "accept the new key".
 */
export function createSftpSources(deps: {
  knownHosts: KnownHosts;
  consoleKey: () => ConsoleKey | undefined;
  connectTimeoutMs?: number;
}) {
  const { knownHosts } = deps;

  async function connect(remote: SftpRemote): Promise<Client> {
    const known = knownHosts.fingerprint(remote.host, remote.port);
    const consoleKey = remote.auth.kind === 'consoleKey' ? deps.consoleKey() : undefined;
    try {
      return await connectSsh(
        { ...remote, ...(known ? { knownFingerprint: known } : {}) },
        {
          connectTimeoutMs: deps.connectTimeoutMs ?? 10_000,
          ...(consoleKey ? { consoleKey } : {}),
          onHostKey: (_fingerprint, _seen, key) => {
            if (!known) knownHosts.trustFirst(remote.host, remote.port, key);
          },
        },
      );
    } catch (e) {
      if (e instanceof SshError && e.reason === 'ssh_host_key_changed') {
        await knownHosts.recordPending(remote.host, remote.port).catch(() => '');
      }
      throw e;
    }
  }

  /** Runs `work` on an SFTP channel of a fresh connection, closed after or when `signal` fires. */
  async function withSftp<T>(
    remote: SftpRemote,
    work: (sftp: SFTPWrapper) => Promise<T>,
    signal?: AbortSignal,
  ) {
    signal?.throwIfAborted();
    const client = await connect(remote);
    const stop = () => client.destroy();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      const sftp = await new Promise<SFTPWrapper>((resolve, reject) =>
        client.sftp((err, channel) => (err ? reject(err) : resolve(channel))),
      );
      await assertDirectory(sftp, remote);
      return await work(sftp);
    } catch (e) {
      throw signal?.aborted ? signal.reason : e;
    } finally {
      signal?.removeEventListener('abort', stop);
      client.end();
    }
  }

  return folderSource(withSftp, sftpTreeSource);
}

export type SftpSources = ReturnType<typeof createSftpSources>;

async function assertDirectory(sftp: SFTPWrapper, remote: SftpRemote): Promise<void> {
  const where = `${remote.path} on ${remote.host}:${remote.port}`;
  const stats = await sftpCalls(sftp)
    .stat(remote.path)
    .catch((e: unknown) => {
      if (isNoSuchFile(e))
        throw failed(`The source directory ${where} does not exist`, 'source_missing');
      throw failed(
        `The source directory ${where} cannot be read: ${(e as Error).message}`,
        'source_unreadable',
      );
    });
  if (!stats.isDirectory()) {
    throw failed(`The source ${where} is not a directory`, 'source_missing');
  }
}
