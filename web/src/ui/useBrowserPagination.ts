import type { TablePaginationConfig } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from './pageSizes';

/** Where a table paged in the browser stands. */
export interface PageState {
  current: number;
  pageSize: number;
}

/**
 * Paging for a table that holds every row: the offered sizes, the total, and a new size starting
 * again at page 1.
 */
export function useBrowserPagination(
  page: PageState,
  onChange: (page: PageState) => void,
  /** The total under the table; by default "Total: n". */
  totalText?: (total: number) => ReactNode,
): TablePaginationConfig {
  const { t } = useTranslation();
  return {
    current: page.current,
    pageSize: page.pageSize,
    showSizeChanger: true,
    pageSizeOptions: [...PAGE_SIZES],
    showTotal: totalText ?? ((total) => t('table.total', { total })),
    onChange: (current, pageSize) =>
      onChange({ current: pageSize === page.pageSize ? current : 1, pageSize }),
  };
}
