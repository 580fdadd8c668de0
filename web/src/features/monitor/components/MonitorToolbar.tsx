import { SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { MONITOR_STATES, MONITOR_TYPES, type MonitorState } from '@ferry/contract/client';
import { Button, Select, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { TableToolbar } from '../../../ui/TableToolbar';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { MonitorFilter, SortKey } from '../utils/filterMonitors';

interface MonitorToolbarProps {
  filter: MonitorFilter;
  onChange: (filter: MonitorFilter) => void;
}

const SORT_KEYS: readonly SortKey[] = ['name', 'state', 'uptime'];

/** Search by name, the type and state filters, and the order (name, state, uptime; ASC/DESC). */
export function MonitorToolbar({ filter, onChange }: MonitorToolbarProps) {
  const { t } = useTranslation('monitor');
  const mobile = useIsMobile();
  const width = mobile ? '100%' : 170;
  const descending = filter.order === 'DESC';
  return (
    <TableToolbar
      searches={[
        {
          key: 'name',
          value: filter.name,
          onChange: (name) => onChange({ ...filter, name }),
          label: t('filter.name'),
          placeholder: t('filter.namePlaceholder'),
        },
      ]}
    >
      <Select<number>
        aria-label={t('filter.type')}
        allowClear
        placeholder={t('filter.anyType')}
        value={filter.type || undefined}
        onChange={(type) => onChange({ ...filter, type: type ?? 0 })}
        options={MONITOR_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))}
        popupMatchSelectWidth={false}
        style={{ width }}
      />
      <Select<MonitorState>
        aria-label={t('filter.state')}
        allowClear
        placeholder={t('filter.anyState')}
        value={filter.state || undefined}
        onChange={(state) => onChange({ ...filter, state: state ?? '' })}
        options={MONITOR_STATES.map((value) => ({ value, label: t(`state.${value}`) }))}
        style={{ width }}
      />
      <Space.Compact style={mobile ? { width: '100%' } : undefined}>
        <Select<SortKey>
          aria-label={t('sort.by')}
          value={filter.sort}
          onChange={(sort) => onChange({ ...filter, sort })}
          options={SORT_KEYS.map((value) => ({ value, label: t(`sort.${value}`) }))}
          popupMatchSelectWidth={false}
          style={mobile ? { flex: 1 } : { width: 150 }}
        />
        <Tooltip title={descending ? t('sort.desc') : t('sort.asc')}>
          <Button
            aria-label={descending ? t('sort.desc') : t('sort.asc')}
            aria-pressed={descending}
            icon={descending ? <SortDescendingOutlined /> : <SortAscendingOutlined />}
            onClick={() => onChange({ ...filter, order: descending ? 'ASC' : 'DESC' })}
          />
        </Tooltip>
      </Space.Compact>
    </TableToolbar>
  );
}
