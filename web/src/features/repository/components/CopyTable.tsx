import type { RepositoryEntry } from '@ferry/contract/client';
import { Table, type TableColumnsType } from 'antd';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EntryName } from '../../../ui/EntryName';
import { EntrySize } from '../../../ui/EntrySize';
import { useIsMobile } from '../../../ui/useIsMobile';

/** Clicks on the row's own buttons are theirs, not the row's. */
const onControl = (e: MouseEvent | KeyboardEvent) =>
  (e.target as HTMLElement).closest('button, a') !== null;

/**
 * A folder of the working copy: icon and name (a link with its target), size and time. A click
 * or Enter on a row opens it: a folder lists, a file is the caller's (preview, compare).
 */
export function CopyTable(props: {
  rows: RepositoryEntry[] | undefined;
  loading: boolean;
  empty: ReactNode;
  onOpen: (entry: RepositoryEntry) => void;
  actions: (entry: RepositoryEntry) => ReactNode;
  actionsWidth: number;
}) {
  const { t } = useTranslation('repository');
  const mobile = useIsMobile();
  const columns: TableColumnsType<RepositoryEntry> = [
    {
      key: 'name',
      title: t('column.name'),
      ellipsis: true,
      render: (_, e) => <EntryName entry={e} />,
    },
    {
      key: 'size',
      title: t('column.size'),
      width: 96,
      align: 'end',
      render: (_, e) => <EntrySize entry={e} />,
    },
    ...(mobile
      ? []
      : [
          {
            key: 'modified',
            title: t('column.modified'),
            width: 170,
            render: (_: unknown, e: RepositoryEntry) => e.modTime,
          },
        ]),
    {
      key: 'actions',
      title: t('column.actions'),
      width: props.actionsWidth,
      render: (_, e) => props.actions(e),
    },
  ];
  return (
    <Table<RepositoryEntry>
      size="small"
      rowKey="name"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      pagination={false}
      tableLayout="fixed"
      locale={{ emptyText: props.empty }}
      onRow={(entry) => ({
        tabIndex: 0,
        'aria-label': entry.name,
        style: { cursor: 'pointer' },
        onClick: (e) => {
          if (!onControl(e)) props.onOpen(entry);
        },
        onKeyDown: (e) => {
          if (e.target === e.currentTarget && e.key === 'Enter') props.onOpen(entry);
        },
      })}
    />
  );
}
