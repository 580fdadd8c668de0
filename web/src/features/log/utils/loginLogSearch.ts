import { compact, readPage, readRows, readText, type PageSearch } from '../../../ui/pageSearch';

/** /log/loginLog?account=…&page=…&rows=… */
export interface LoginLogSearch extends PageSearch {
  account?: string;
}

export function validateLoginLogSearch(search: Record<string, unknown>): LoginLogSearch {
  return compact({
    account: readText(search.account),
    page: readPage(search.page),
    rows: readRows(search.rows),
  });
}
