import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
  refreshing: boolean;
  onRefresh: () => void;
}

/**
 * The bar above a table, the same in every list: search boxes, other filters, then a refresh
 * button; each control takes a line of its own on phones.
 */
export function TableToolbar({ searches, children, refreshing, onRefresh }: TableToolbarProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  return (
    <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
      {searches.map((s) => (
        <Input
          key={s.key}
          allowClear
          prefix={<SearchOutlined />}
          value={s.value}
          onChange={(e) => s.onChange(e.target.value)}
          placeholder={s.placeholder}
          aria-label={s.label}
          style={mobile ? { width: '100%' } : { width: 260 }}
        />
      ))}
      {children}
      <Tooltip title={t('table.refresh')}>
        <Button
          icon={<ReloadOutlined spin={refreshing} />}
          onClick={onRefresh}
          aria-label={t('table.refresh')}
        />
      </Tooltip>
    </Flex>
  );
}
