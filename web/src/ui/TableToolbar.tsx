import { SearchOutlined } from '@ant-design/icons';
import { Flex, Input } from 'antd';
import type { ReactNode } from 'react';
import { useIsMobile } from './useIsMobile';

/** A search box above a table, filtering as one types. */
export interface ToolbarSearch {
  key: string;
  value: string;
  onChange: (value: string) => void;
  /** The box's accessible name ("Search by name"). */
  label: string;
  placeholder: string;
}

interface TableToolbarProps {
  searches: readonly ToolbarSearch[];
  /** Filters after the search boxes: a label picker, a state switch. */
  children?: ReactNode;
}

/**
 * Instant filters for a `ListPage`: search boxes, then other filters (the page's toolbar adds
 * reload and the table settings); each control takes a line of its own on phones.
 */
export function TableToolbar({ searches, children }: TableToolbarProps) {
  const mobile = useIsMobile();
  return (
    <Flex gap={12} wrap align="center">
      {searches.map((s) => (
        <Input
          key={s.key}
          allowClear
          prefix={<SearchOutlined />}
          value={s.value}
          onChange={(e) => s.onChange(e.target.value)}
          placeholder={s.placeholder}
          aria-label={s.label}
          style={mobile ? { width: '100%' } : { width: 240 }}
        />
      ))}
      {children}
    </Flex>
  );
}
