import { compact, readPage, readRows, readText, type PageSearch } from '../../../ui/pageSearch';
import { isSftpLogType, type SftpLogType } from '@ferry/contract/client';

/** /log/sftpLog?username=…&serverName=…&type=…&page=…&rows=… */
export interface SftpLogSearch extends PageSearch {
  username?: string;
  serverName?: string;
  type?: SftpLogType;
}

export function validateSftpLogSearch(search: Record<string, unknown>): SftpLogSearch {
  const type = typeof search.type === 'string' ? search.type.toUpperCase() : undefined;
  return compact({
    username: readText(search.username),
    serverName: readText(search.serverName),
    type: isSftpLogType(type) ? type : undefined,
    page: readPage(search.page),
    rows: readRows(search.rows),
  });
}
