import { fileNameProblem } from './fileName';
import { joinPath } from './remotePath';
import type { UploadRequest } from './uploadEngine';
import type { LocalFile } from './walkDrop';

/**
 * The uploads of local files into directory `dir` of a server: a folder's files keep their path
 * below it (`<dir>/<folder>/<path>`). A path with a name the console would refuse (only possible
 * from an odd file system) is left out and named in `refused`.
 */
export function uploadRequests(
  files: readonly LocalFile[],
  dir: string,
  server: { id: number; name: string },
): { requests: UploadRequest[]; refused: string[] } {
  const requests: UploadRequest[] = [];
  const refused: string[] = [];
  for (const { file, relativePath } of files) {
    const names = relativePath.split('/').filter((n) => n !== '');
    if (names.length === 0 || names.some((n) => fileNameProblem(n) !== undefined)) {
      refused.push(relativePath);
      continue;
    }
    requests.push({
      blob: file,
      mtime: Math.floor(file.lastModified / 1000),
      serverId: server.id,
      serverName: server.name,
      file: names.reduce(joinPath, dir),
      name: names.join('/'),
    });
  }
  return { requests, refused };
}
