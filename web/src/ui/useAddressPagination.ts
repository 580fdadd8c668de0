import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from './pageSizes';
import { nextPage, type PageSearch } from './pageSearch';

/** Server-side paging under a table: the page and size live in the address. */
export function useAddressPagination(
  current: Required<PageSearch>,
  total: number,
  go: (page: PageSearch) => void,
): TablePaginationConfig {
  const { t } = useTranslation();
  return {
    current: current.page,
    pageSize: current.rows,
    total,
    showSizeChanger: true,
    pageSizeOptions: [...PAGE_SIZES],
    showTotal: (n) => t('table.total', { total: n }),
    onChange: (page, rows) => go(nextPage(current, page, rows)),
  };
}
