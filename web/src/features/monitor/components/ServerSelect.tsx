import { FOLLOW_ITEM_SERVER } from '@ferry/contract/client';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useServerOptions } from '../../../api/options/useServerOptions';
import { sshAddress } from '../../../ui/sshAddress';

/** The namespace's servers (and the shared ones) to pick from, searched by name or address. */
function useServerChoices() {
  const servers = useServerOptions();
  return {
    loading: servers.isPending,
    options: (servers.data ?? []).map((s) => ({
      value: s.id,
      label: s.name,
      search: `${s.name} ${sshAddress(s.owner, s.ip, s.port)}`,
      name: s.name,
      address: sshAddress(s.owner, s.ip, s.port),
    })),
  };
}

function ServerOptionLabel({ option }: { option?: { name: string; address: string } }) {
  return (
    <span>
      {option?.name} <span style={{ opacity: 0.6 }}>{option?.address}</span>
    </span>
  );
}

interface ServersSelectProps {
  value?: number[];
  onChange?: (value: number[]) => void;
  label: string;
  id?: string;
}

/** The servers a process or script check runs on. */
export function ServersSelect({ value, onChange, label, id }: ServersSelectProps) {
  const { t } = useTranslation('monitor');
  const { options, loading } = useServerChoices();
  const byValue = new Map<unknown, (typeof options)[number]>(options.map((o) => [o.value, o]));
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      aria-label={label}
      loading={loading}
      value={value}
      onChange={onChange}
      options={options}
      showSearch={{ optionFilterProp: 'search' }}
      optionRender={(o) => <ServerOptionLabel option={byValue.get(o.value)} />}
      placeholder={t('form.serversPlaceholder')}
      notFoundContent={loading ? undefined : t('form.noServers')}
    />
  );
}

interface ScriptServerSelectProps {
  value?: number;
  onChange?: (value: number) => void;
  label: string;
  /** Whether "the item's server" (0) may be chosen: process and script checks. */
  followable: boolean;
  id?: string;
}

/** Where a success or fail script runs: a server, or the server of the item that passed or failed. */
export function ScriptServerSelect({
  value,
  onChange,
  label,
  followable,
  id,
}: ScriptServerSelectProps) {
  const { t } = useTranslation('monitor');
  const { options, loading } = useServerChoices();
  const all = followable
    ? [
        {
          value: FOLLOW_ITEM_SERVER,
          label: t('form.itemServer'),
          search: t('form.itemServer'),
          name: t('form.itemServer'),
          address: '',
        },
        ...options,
      ]
    : options;
  const byValue = new Map<unknown, (typeof all)[number]>(all.map((o) => [o.value, o]));
  // Nothing chosen shows the placeholder, not "0".
  const shown = value === FOLLOW_ITEM_SERVER && !followable ? undefined : value;
  return (
    <Select<number>
      id={id}
      aria-label={label}
      allowClear={!followable}
      loading={loading}
      value={shown}
      onChange={(v) => onChange?.(v ?? FOLLOW_ITEM_SERVER)}
      options={all}
      showSearch={{ optionFilterProp: 'search' }}
      optionRender={(o) => <ServerOptionLabel option={byValue.get(o.value)} />}
      placeholder={t('form.scriptServerPlaceholder')}
      style={{ maxWidth: 420 }}
    />
  );
}
