import { MoreOutlined } from '@ant-design/icons';
import { Button, Grid, Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dash } from '../../../ui/Dash';
import { MonoText } from '../../../ui/MonoText';
import type { SftpEntry } from '@ferry/contract/client';
import { EntrySize } from '../../../ui/EntrySize';
import type { SortKey } from '../utils/sortEntries';
import { EntryName } from '../../../ui/EntryName';
import type { FileViewProps } from './FileViewProps';

/** The narrowest each column gets; the table spreads them over a wider window. */
const WIDTHS = { name: 300, size: 100, mode: 136, owner: 150, mtime: 170, actions: 80 };
const SELECTION_WIDTH = 48;
/** Shown only from 1200 px up, so 992 px fits without scrolling sideways. */
const WIDE_ONLY = new Set(['mode', 'owner']);

/** Clicks on the row's own controls (its checkbox, its menu button) are theirs, not the row's. */
const onControl = (e: MouseEvent | KeyboardEvent) =>
  (e.target as HTMLElement).closest('button, input, label, a, .ant-checkbox-wrapper') !== null;

/**
 * The directory as a sortable table, only the rows in sight drawn (a directory of 10,000 entries
 * scrolls smoothly): click selects (Ctrl or ⌘ adds), the checkboxes pick several, double click
 * or Enter opens, right click or the row's ⋯ button opens its menu, Delete deletes.
 */
export function FileTable(props: FileViewProps) {
  const { rows, selected, sort, height } = props;
  const { t } = useTranslation('sftp');
  const wide = Grid.useBreakpoint().xl ?? true;
  const order = (key: SortKey) => (sort.key === key ? sort.order : null);
  const all: TableColumnsType<SftpEntry> = [
    {
      key: 'name',
      title: t('column.name'),
      width: WIDTHS.name,
      sorter: true,
      sortOrder: order('name'),
      render: (_, entry) => <EntryName entry={entry} />,
    },
    {
      key: 'size',
      title: t('column.size'),
      width: WIDTHS.size,
      align: 'end',
      sorter: true,
      sortOrder: order('size'),
      render: (_, e) => <EntrySize entry={e} />,
    },
    {
      key: 'mode',
      title: t('column.mode'),
      width: WIDTHS.mode,
      sorter: true,
      sortOrder: order('mode'),
      render: (_, e) => <MonoText secondary>{e.mode}</MonoText>,
    },
    {
      key: 'owner',
      title: t('column.owner'),
      width: WIDTHS.owner,
      sorter: true,
      sortOrder: order('owner'),
      render: (_, e) =>
        e.owner || e.group ? (
          <Typography.Text ellipsis={{ tooltip: `${e.owner}:${e.group}` }}>
            {e.owner}:{e.group}
          </Typography.Text>
        ) : (
          <Dash />
        ),
    },
    {
      key: 'mtime',
      title: t('column.modified'),
      width: WIDTHS.mtime,
      sorter: true,
      sortOrder: order('mtime'),
      render: (_, e) => e.modTime,
    },
    {
      key: 'actions',
      title: t('column.actions'),
      width: WIDTHS.actions,
      render: (_, e) => (
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined />}
          aria-label={t('entry.actionsFor', { name: e.name })}
          onClick={(click) => {
            const box = click.currentTarget.getBoundingClientRect();
            props.onMenu(e, { x: box.left, y: box.bottom });
          }}
        />
      ),
    },
  ];

  const columns = wide ? all : all.filter((c) => !WIDE_ONLY.has(String(c.key)));
  const scrollX =
    columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0) +
    SELECTION_WIDTH;

  const onChange: TableProps<SftpEntry>['onChange'] = (_p, _f, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = one?.columnKey as SortKey | undefined;
    if (!key) return;
    // A third click would unsort: it turns the order round instead.
    const next = one?.order ?? (sort.order === 'ascend' ? 'descend' : 'ascend');
    props.onSort({ key, order: next });
  };

  return (
    <Table<SftpEntry>
      virtual
      size="small"
      rowKey="name"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: scrollX, y: height }}
      onChange={onChange}
      showSorterTooltip={false}
      locale={{ emptyText: props.empty }}
      rowSelection={{
        columnWidth: SELECTION_WIDTH,
        selectedRowKeys: [...selected],
        onChange: (keys) => props.onSelect(new Set(keys.map(String))),
        getCheckboxProps: (e) => ({ 'aria-label': t('entry.select', { name: e.name }) }),
      }}
      onRow={(entry) => ({
        role: 'row',
        tabIndex: 0,
        'aria-selected': selected.has(entry.name),
        'aria-label': entry.name,
        onClick: (e) => {
          if (onControl(e)) return;
          const next = new Set(e.ctrlKey || e.metaKey ? selected : []);
          if (next.has(entry.name) && (e.ctrlKey || e.metaKey)) next.delete(entry.name);
          else next.add(entry.name);
          props.onSelect(next);
        },
        onDoubleClick: (e) => {
          if (!onControl(e)) props.onOpen(entry);
        },
        onKeyDown: (e) => {
          if (e.target !== e.currentTarget) return;
          if (e.key === 'Enter') props.onOpen(entry);
          else if (e.key === 'Delete') props.onDelete(entry);
        },
        onContextMenu: (e) => {
          e.preventDefault();
          props.onMenu(entry, { x: e.clientX, y: e.clientY });
        },
      })}
    />
  );
}
