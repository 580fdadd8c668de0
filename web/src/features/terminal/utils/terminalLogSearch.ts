import { compact, readPage, readRows, readText, type PageSearch } from '../../../ui/pageSearch';

/** /log/terminalLog?username=…&serverName=…&page=…&rows=… */
export interface TerminalLogSearch extends PageSearch {
  username?: string;
  serverName?: string;
}

export function validateTerminalLogSearch(search: Record<string, unknown>): TerminalLogSearch {
  return compact({
    username: readText(search.username),
    serverName: readText(search.serverName),
    page: readPage(search.page),
    rows: readRows(search.rows),
  });
}
