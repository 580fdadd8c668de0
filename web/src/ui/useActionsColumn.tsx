import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The Actions column every table ends with: fixed to the right edge so it stays in view when the
 * table scrolls sideways, its title and buttons starting at the same edge in every table.
 */
export function useActionsColumn<Row>(render: (row: Row) => ReactNode): TableColumnType<Row> {
  const { t } = useTranslation();
  return {
    key: 'actions',
    title: t('table.actions'),
    fixed: 'right',
    align: 'start',
    render: (_: unknown, row: Row) => render(row),
  };
}
