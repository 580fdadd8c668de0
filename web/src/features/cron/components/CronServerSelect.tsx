import { Select } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerOption } from '../../../api/options/ServerOption';
import { useIsMobile } from '../../../ui/useIsMobile';

interface CronServerSelectProps {
  servers: readonly ServerOption[];
  loading: boolean;
  value: number | undefined;
  onChange: (serverId: number) => void;
}

/** The server whose crontab the page shows, searched by name or address. */
export function CronServerSelect(props: CronServerSelectProps): ReactElement {
  const { t } = useTranslation('cron');
  const mobile = useIsMobile();
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={t('page.server')}
      placeholder={t('page.serverPlaceholder')}
      loading={props.loading}
      value={props.servers.some((s) => s.id === props.value) ? props.value : undefined}
      onChange={props.onChange}
      options={props.servers.map((s) => ({ value: s.id, label: `${s.name} (${s.ip}:${s.port})` }))}
      notFoundContent={props.loading ? undefined : t('page.noServers')}
      style={{ width: mobile ? '100%' : 360 }}
    />
  );
}
