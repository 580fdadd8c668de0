import { repositoryRoutes } from '@ferry/contract/client';
import { IDENTITY_KEY } from '../../../auth/session';

/**
 * A working-copy file's address, inline (`preview`) or as an attachment: same origin, so the
 * session cookie authenticates it; the namespace in the query, as a plain link sends no header.
 */
export function copyFileUrl(
  kind: 'preview' | 'download',
  projectId: number,
  file: string,
  namespaceId: number,
): string {
  const route = kind === 'preview' ? repositoryRoutes.previewFile : repositoryRoutes.downloadFile;
  const query = new URLSearchParams({
    id: String(projectId),
    file,
    [IDENTITY_KEY]: String(namespaceId),
  });
  return `${route.path}?${query.toString()}`;
}
