import { compact, readPage, readRows, readText, type PageSearch } from '../../../ui/pageSearch';

/** /log/publishLog?username=…&projectName=…&page=…&rows=… */
export interface PublishLogSearch extends PageSearch {
  username?: string;
  projectName?: string;
}

export function validatePublishLogSearch(search: Record<string, unknown>): PublishLogSearch {
  return compact({
    username: readText(search.username),
    projectName: readText(search.projectName),
    page: readPage(search.page),
    rows: readRows(search.rows),
  });
}
