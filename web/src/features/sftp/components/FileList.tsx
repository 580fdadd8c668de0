import { MoreOutlined, SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button, Checkbox, Flex, Select, theme, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SftpEntry } from '@ferry/contract/client';
import { humanSize } from '../../../ui/humanSize';
import type { SortKey } from '../utils/sortEntries';
import { EntryName } from '../../../ui/EntryName';
import type { FileViewProps } from './FileViewProps';

const ROW_HEIGHT = 60;
const SORT_KEYS: readonly SortKey[] = ['name', 'size', 'mtime', 'mode', 'owner'];

/** One entry: its checkbox, name, size and time, and its ⋯ menu; a tap opens it. */
function Row(props: { entry: SftpEntry; checked: boolean } & Omit<FileViewProps, 'rows'>) {
  const { entry, checked, selected } = props;
  const { t } = useTranslation('sftp');
  const { token } = theme.useToken();
  const toggle = () => {
    const next = new Set(selected);
    if (checked) next.delete(entry.name);
    else next.add(entry.name);
    props.onSelect(next);
  };
  return (
    <Flex
      role="listitem"
      aria-label={entry.name}
      align="center"
      gap={8}
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('button, input, label')) return;
        props.onOpen(entry);
      }}
      style={{
        height: ROW_HEIGHT,
        boxSizing: 'border-box',
        padding: '0 4px',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        background: checked ? token.controlItemBgActive : undefined,
        cursor: 'pointer',
      }}
    >
      <Checkbox
        checked={checked}
        onChange={toggle}
        aria-label={t('entry.select', { name: entry.name })}
        style={{ padding: 8 }}
      />
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <EntryName entry={entry} />
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {entry.isDir ? entry.modTime : `${humanSize(entry.size)} · ${entry.modTime}`}
        </Typography.Text>
      </Flex>
      <Button
        type="text"
        icon={<MoreOutlined />}
        aria-label={t('entry.actionsFor', { name: entry.name })}
        onClick={(click) => {
          const box = click.currentTarget.getBoundingClientRect();
          props.onMenu(entry, { x: box.left, y: box.bottom });
        }}
      />
    </Flex>
  );
}

/**
 * The directory on a phone: a list of rows (only those in sight drawn), a tap opening a directory
 * or previewing a file, a checkbox per row for several, and the order picked above the list.
 */
export function FileList(props: FileViewProps) {
  const { rows, selected, sort, height } = props;
  const { t } = useTranslation('sftp');
  const box = useRef<HTMLDivElement>(null);
  // The build does not run React's compiler, which this rule says would skip the component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const list = useVirtualizer({
    count: rows.length,
    getScrollElement: () => box.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const all = rows.length > 0 && rows.every((r) => selected.has(r.name));
  const some = !all && rows.some((r) => selected.has(r.name));

  return (
    <Flex vertical gap={8}>
      <Flex align="center" gap={8} style={{ padding: '0 4px' }}>
        <Checkbox
          checked={all}
          indeterminate={some}
          disabled={rows.length === 0}
          onChange={() => props.onSelect(new Set(all ? [] : rows.map((r) => r.name)))}
          aria-label={t('entry.selectAll')}
          style={{ padding: 8 }}
        />
        <Select<SortKey>
          aria-label={t('sort.label')}
          value={sort.key}
          onChange={(key) => props.onSort({ ...sort, key })}
          options={SORT_KEYS.map((k) => ({ value: k, label: t(`sort.${k}`) }))}
          style={{ flex: 1 }}
        />
        <Button
          aria-label={sort.order === 'ascend' ? t('sort.ascend') : t('sort.descend')}
          icon={sort.order === 'ascend' ? <SortAscendingOutlined /> : <SortDescendingOutlined />}
          onClick={() =>
            props.onSort({ ...sort, order: sort.order === 'ascend' ? 'descend' : 'ascend' })
          }
        />
      </Flex>
      <div ref={box} role="list" style={{ height, overflow: 'auto', contain: 'strict' }}>
        {rows.length === 0 ? (
          props.empty
        ) : (
          <div style={{ height: list.getTotalSize(), position: 'relative' }}>
            {list.getVirtualItems().map((item) => {
              const entry = rows[item.index];
              if (!entry) return null;
              return (
                <div
                  key={entry.name}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    transform: `translateY(${item.start}px)`,
                  }}
                >
                  <Row {...props} entry={entry} checked={selected.has(entry.name)} />
                </div>
              );
            })}
          </div>
        )}
      </div>
    </Flex>
  );
}
