import type { PaginationProps, TablePaginationConfig } from 'antd';
import { useState } from 'react';

interface PagedRows<Row> {
  /** The rows of the current page. */
  page: readonly Row[];
  /** The pager's props; none without paging. */
  pager: PaginationProps | undefined;
}

/**
 * A table's paging, for a list that draws its own pager: the rows of the page and the pager's
 * props. Rows that hold more than a page (paged in the browser) are cut to the page; a page the
 * server sent shows whole. A paging that gives no page or size keeps its own, from 1 and 10.
 */
export function usePagedRows<Row>(
  rows: readonly Row[],
  pagination: TablePaginationConfig | false,
): PagedRows<Row> {
  const config = pagination === false ? undefined : pagination;
  const [own, setOwn] = useState({
    current: config?.defaultCurrent ?? 1,
    pageSize: config?.defaultPageSize ?? 10,
  });
  if (!config) return { page: rows, pager: undefined };
  // The table's placement of its pager means nothing under a list.
  const { position: _position, placement: _placement, ...rest } = config;
  const pageSize = config.pageSize ?? own.pageSize;
  const total = config.total ?? rows.length;
  const last = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(config.current ?? own.current, last);
  const page =
    rows.length > pageSize ? rows.slice((current - 1) * pageSize, current * pageSize) : rows;
  return {
    page,
    pager: {
      ...rest,
      current,
      pageSize,
      total,
      onChange: (next, size) => {
        setOwn({ current: next, pageSize: size });
        config.onChange?.(next, size);
      },
    },
  };
}
