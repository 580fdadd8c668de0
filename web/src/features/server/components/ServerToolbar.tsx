import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { TableToolbar } from '../../../ui/TableToolbar';
import type { ServerFilter, StateFilter } from '../utils/filterServers';

interface ServerToolbarProps {
  filter: ServerFilter;
  onChange: (filter: ServerFilter) => void;
}

/** Search by name and by address, and the state filter. */
export function ServerToolbar({ filter, onChange }: ServerToolbarProps) {
  const { t } = useTranslation('server');
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
        {
          key: 'host',
          value: filter.host,
          onChange: (host) => onChange({ ...filter, host }),
          label: t('filter.host'),
          placeholder: t('filter.hostPlaceholder'),
        },
      ]}
    >
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
    </TableToolbar>
  );
}
