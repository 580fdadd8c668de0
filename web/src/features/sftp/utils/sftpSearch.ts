/** /server/sftp?serverId=…: a server to open a tab on when the page opens. */
export interface SftpSearch {
  serverId?: number;
}

export function validateSftpSearch(search: Record<string, unknown>): SftpSearch {
  const id = Number(search.serverId);
  return Number.isSafeInteger(id) && id > 0 ? { serverId: id } : {};
}
