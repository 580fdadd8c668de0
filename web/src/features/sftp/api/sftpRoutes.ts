import type * as contract from '@ferry/contract';
import type { ClientRoute, RouteDescriptor } from '@ferry/contract/client';

type Module = typeof contract.sftpRoutes;
/** The route descriptors of the contract's sftp module (it also exports a result schema). */
type Routes = {
  [K in keyof Module as Module[K] extends RouteDescriptor ? K : never]: Module[K];
};
type Client<K extends keyof Routes> = ClientRoute<Routes[K]>;

const route = <K extends keyof Routes>(
  method: Routes[K]['method'],
  path: string,
  anyOf: readonly number[],
) => ({ method, path, access: { anyOf } }) as Client<K>;

/**
 * The file manager's routes as the browser holds them. `@ferry/contract/client` does not list
 * them yet (its route table does); the types come from the contract itself and a test checks
 * every method, path and permission against it, so this table cannot drift.
 */
export const sftpRoutes = {
  sftpConnect: route<'sftpConnect'>('GET', '/ws/sftp', [35]),
  previewFile: route<'previewFile'>('GET', '/server/previewFile', [37]),
  downloadFile: route<'downloadFile'>('GET', '/server/downloadFile', [38]),
  downloadArchive: route<'downloadArchive'>('GET', '/server/downloadArchive', [38]),
  readFile: route<'readFile'>('GET', '/server/readFile', [37, 78]),
  editFile: route<'editFile'>('PUT', '/server/editFile', [78]),
  uploadFile: route<'uploadFile'>('POST', '/server/uploadFile', [36]),
  uploadStatus: route<'uploadStatus'>('GET', '/server/uploadStatus', [36]),
  uploadChunk: route<'uploadChunk'>('PUT', '/server/uploadChunk', [36]),
  uploadCancel: route<'uploadCancel'>('DELETE', '/server/uploadCancel', [36]),
  makeDirectory: route<'makeDirectory'>('POST', '/server/makeDirectory', [36]),
  renameFile: route<'renameFile'>('PUT', '/server/renameFile', [78]),
  copyFile: route<'copyFile'>('PUT', '/server/copyFile', [75]),
  deleteFile: route<'deleteFile'>('DELETE', '/server/deleteFile', [76]),
  transferFile: route<'transferFile'>('POST', '/server/transferFile', [75]),
} satisfies { [K in keyof Routes]: Client<K> };
