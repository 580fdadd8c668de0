import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  DisconnectOutlined,
  ExclamationCircleOutlined,
  FieldTimeOutlined,
  StopOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { RunServerState, RunState } from '@ferry/contract/client';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const LOOKS: Record<RunServerState, { color: string; icon: ReactNode }> = {
  queued: { color: 'default', icon: <ClockCircleOutlined /> },
  running: { color: 'processing', icon: <SyncOutlined spin /> },
  ok: { color: 'success', icon: <CheckCircleOutlined /> },
  failed: { color: 'error', icon: <CloseCircleOutlined /> },
  timeout: { color: 'warning', icon: <FieldTimeOutlined /> },
  stopped: { color: 'default', icon: <StopOutlined /> },
  unreachable: { color: 'error', icon: <DisconnectOutlined /> },
  interrupted: { color: 'warning', icon: <ExclamationCircleOutlined /> },
};

/** A server's part of a run, or a whole run, as a coloured tag; `label` prefixes its text. */
export function RunStateTag({
  state,
  label,
}: {
  state: RunServerState | RunState;
  label?: string;
}) {
  const { t } = useTranslation('script');
  const look = LOOKS[state];
  return (
    <Tag color={look.color} icon={look.icon} style={{ marginInlineEnd: 0 }}>
      {label ? `${label}: ` : ''}
      {t(`state.${state}`)}
    </Tag>
  );
}
