import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Segmented, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { ServerFilter, StateFilter } from '../utils/filterServers';

interface ServerToolbarProps {
  filter: ServerFilter;
  onChange: (filter: ServerFilter) => void;
  refreshing: boolean;
  onRefresh: () => void;
}

/** Search by name and by address, the state filter and a refresh; wraps on narrow screens. */
export function ServerToolbar({ filter, onChange, refreshing, onRefresh }: ServerToolbarProps) {
  const { t } = useTranslation('server');
  const mobile = useIsMobile();
  const inputStyle = mobile ? { width: '100%' } : { width: 220 };
  return (
    <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        value={filter.name}
        onChange={(e) => onChange({ ...filter, name: e.target.value })}
        placeholder={t('filter.namePlaceholder')}
        aria-label={t('filter.name')}
        style={inputStyle}
      />
      <Input
        allowClear
        prefix={<SearchOutlined />}
        value={filter.host}
        onChange={(e) => onChange({ ...filter, host: e.target.value })}
        placeholder={t('filter.hostPlaceholder')}
        aria-label={t('filter.host')}
        style={inputStyle}
      />
      <Segmented<StateFilter>
        value={filter.state}
        onChange={(state) => onChange({ ...filter, state })}
        options={[
          { value: 'all', label: t('filter.all') },
          { value: 'enabled', label: t('filter.enabled') },
          { value: 'disabled', label: t('filter.disabled') },
        ]}
        aria-label={t('filter.state')}
      />
      <Tooltip title={t('filter.refresh')}>
        <Button
          icon={<ReloadOutlined spin={refreshing} />}
          onClick={onRefresh}
          aria-label={t('filter.refresh')}
        />
      </Tooltip>
    </Flex>
  );
}
