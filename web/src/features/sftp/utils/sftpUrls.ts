import { IDENTITY_KEY } from '../../../auth/session';
import { sftpRoutes } from '@ferry/contract/client';

/**
 * The file manager socket's address: same origin, `wss` under https, the namespace in the query
 * as the terminal's socket passes it (a socket cannot carry the `G-N-ID` header); the session
 * cookie rides along on the upgrade.
 */
export function sftpSocketUrl(
  location: { protocol: string; host: string },
  serverId: number,
  namespaceId: number,
): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = new URLSearchParams({
    serverId: String(serverId),
    [IDENTITY_KEY]: String(namespaceId),
  });
  return `${scheme}://${location.host}${sftpRoutes.sftpConnect.path}?${query.toString()}`;
}

/** A link's address: the namespace in the query, as a plain link cannot send the header. */
function link(path: string, params: [string, string][], namespaceId: number): string {
  const query = new URLSearchParams([...params, [IDENTITY_KEY, String(namespaceId)]]);
  return `${path}?${query.toString()}`;
}

/** One file, inline (an image, a PDF), typed by its extension. */
export function previewUrl(serverId: number, file: string, namespaceId: number): string {
  return link(
    sftpRoutes.previewFile.path,
    [
      ['id', String(serverId)],
      ['file', file],
    ],
    namespaceId,
  );
}

/** One file as an attachment. */
export function downloadUrl(serverId: number, file: string, namespaceId: number): string {
  return link(
    sftpRoutes.downloadFile.path,
    [
      ['id', String(serverId)],
      ['file', file],
    ],
    namespaceId,
  );
}

/** Entries `names` of `dir` (directories recursively) as one `.tar.gz`. */
export function archiveUrl(
  serverId: number,
  dir: string,
  names: readonly string[],
  namespaceId: number,
): string {
  return link(
    sftpRoutes.downloadArchive.path,
    [['id', String(serverId)], ['dir', dir], ...names.map((n): [string, string] => ['names', n])],
    namespaceId,
  );
}
