import tls from 'node:tls';
import { Client, FTPError } from 'basic-ftp';
import { AppError, failed } from '../../core/errors.js';
import { ftpTreeSource } from './ftp-tree-source.js';
import { folderSource } from './folder-source.js';

/** An FTP source: the folder `path` on `host`, over TLS when `secure` (secrets in clear). */
export interface FtpRemote {
  secure: boolean;
  host: string;
  port: number;
  /** '' logs in as anonymous. */
  user: string;
  password: string;
  path: string;
  /** FTPS without checking the certificate, where the project asked for it (goploy's way). */
  skipVerify?: boolean;
}

/** TLS failures that mean "this certificate is not one to trust". */
const UNTRUSTED = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME|UNABLE_TO_GET_ISSUER/;

/**
 * FTP and FTPS sources. SECURITY: FTPS checks the server's certificate against the trusted
 * authorities (the system's, `NODE_EXTRA_CA_CERTS`, and `trustedCa`), where goploy skips the check,
 * unless the project turned the check off (`skipVerify`); a plain `ftp://` address sends the password unencrypted, as the address says.
 */
export function createFtpSources(deps: { timeoutMs?: number; trustedCa?: string } = {}) {
  const timeoutMs = deps.timeoutMs ?? 10_000;
  const ca = deps.trustedCa ? [...tls.rootCertificates, deps.trustedCa] : undefined;

  async function withFtp<T>(
    remote: FtpRemote,
    work: (client: Client) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    signal?.throwIfAborted();
    const client = new Client(timeoutMs);
    const stop = () => client.close();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      await client
        .access({
          host: remote.host,
          port: remote.port,
          user: remote.user || 'anonymous',
          password: remote.user ? remote.password : 'anonymous@',
          secure: remote.secure,
          secureOptions: { ...(ca ? { ca } : {}), rejectUnauthorized: !remote.skipVerify },
        })
        .catch((e: unknown) => {
          throw loginFailure(e, remote, timeoutMs);
        });
      await client.cd(remote.path).catch((e: unknown) => {
        const where = `${remote.path} on ${remote.host}:${remote.port}`;
        if (e instanceof FTPError && e.code === 550) {
          throw failed(`The source directory ${where} does not exist`, 'source_missing');
        }
        throw failed(
          `The source directory ${where} cannot be read: ${message(e)}`,
          'source_unreadable',
        );
      });
      return await work(client);
    } catch (e) {
      throw signal?.aborted ? signal.reason : e;
    } finally {
      signal?.removeEventListener('abort', stop);
      client.close();
    }
  }

  return folderSource(withFtp, ftpTreeSource);
}

export type FtpSources = ReturnType<typeof createFtpSources>;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** A failed connection or login as a stable reason and a message that names no secret. */
function loginFailure(e: unknown, remote: FtpRemote, timeoutMs: number): AppError {
  const at = `${remote.host}:${remote.port}`;
  const code = (e as { code?: unknown }).code;
  if (e instanceof FTPError && e.code === 530) {
    return failed(
      `${at} refused the login of ${remote.user || 'anonymous'}: check the user and the password`,
      'source_auth',
    );
  }
  if (code === 'ECONNREFUSED') {
    return failed(
      `Connection refused by ${at}: no FTP server listens on that port`,
      'source_refused',
    );
  }
  if (typeof code === 'string' && UNTRUSTED.test(code)) {
    return failed(
      `The certificate of ${at} is not trusted (${code}): it must be signed by an authority the console trusts, for that host`,
      'source_tls_untrusted',
    );
  }
  if (/timeout/i.test(message(e))) {
    return failed(`No FTP answer from ${at} within ${timeoutMs} ms`, 'source_timeout');
  }
  return failed(`The FTP connection to ${at} failed: ${message(e)}`, 'source_failed');
}
