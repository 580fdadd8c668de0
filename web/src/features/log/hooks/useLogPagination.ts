import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { nextPage, PAGE_SIZES, type PageSearch } from '../utils/logSearch';

/** Server-side paging under a log table: the page and size live in the address. */
export function useLogPagination(
  current: Required<PageSearch>,
  total: number,
  go: (page: PageSearch) => void,
): TablePaginationConfig {
  const { t } = useTranslation('log');
  return {
    current: current.page,
    pageSize: current.rows,
    total,
    showSizeChanger: true,
    pageSizeOptions: [...PAGE_SIZES],
    showTotal: (n) => t('total', { total: n }),
    onChange: (page, rows) => go(nextPage(current, page, rows)),
  };
}
