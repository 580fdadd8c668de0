import { compact, readPage, readRows, readText, type PageSearch } from '../../../ui/pageSearch';

/** /log/operationLog?username=…&router=…&api=…&page=…&rows=… */
export interface OperationLogSearch extends PageSearch {
  username?: string;
  router?: string;
  api?: string;
}

export function validateOperationLogSearch(search: Record<string, unknown>): OperationLogSearch {
  return compact({
    username: readText(search.username),
    router: readText(search.router),
    api: readText(search.api),
    page: readPage(search.page),
    rows: readRows(search.rows),
  });
}
