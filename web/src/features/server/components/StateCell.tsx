import { Perm } from '@ferry/contract/client';
import { Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import type { ServerRow } from '../utils/ServerRow';

interface StateCellProps {
  server: ServerRow;
  busy: boolean;
  onToggle: (server: ServerRow) => void;
}

/** Enabled or disabled: a switch for those who may change it, else a tag. */
export function StateCell({ server, busy, onToggle }: StateCellProps) {
  const { t } = useTranslation('server');
  const mayToggle = usePermission([Perm.SwitchServerState]);
  const enabled = server.state === 1;
  if (!mayToggle) {
    return enabled ? (
      <Tag color="success">{t('state.enabled')}</Tag>
    ) : (
      <Tag>{t('state.disabled')}</Tag>
    );
  }
  return (
    <Switch
      size="small"
      checked={enabled}
      loading={busy}
      checkedChildren={t('state.enabled')}
      unCheckedChildren={t('state.disabled')}
      aria-label={t('state.switchLabel', { name: server.name })}
      onChange={() => onToggle(server)}
    />
  );
}
