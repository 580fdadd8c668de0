import type { MonitorRow } from '@ferry/contract/client';
import { Divider, Flex } from 'antd';
import { ResponsiveDrawer } from '../../../ui/ResponsiveDrawer';
import { IncidentTimeline } from './IncidentTimeline';
import { MonitorSummary, StateBadge } from './MonitorSummary';
import { ResponseTimeChart } from './ResponseTimeChart';
import { useDetailRefresh } from './useMonitorHistory';
import { useLiveState } from './useLiveState';

export interface MonitorDetailDrawerProps {
  monitor: MonitorRow | undefined;
  open: boolean;
  onClose: () => void;
}

function MonitorDetail({ monitor }: { monitor: MonitorRow }) {
  const state = useLiveState(monitor);
  useDetailRefresh(monitor.id);
  return (
    <Flex vertical gap={8}>
      <MonitorSummary monitor={monitor} state={state} />
      <Divider style={{ margin: '8px 0' }} />
      <ResponseTimeChart monitorId={monitor.id} />
      <Divider style={{ margin: '8px 0' }} />
      <IncidentTimeline monitorId={monitor.id} />
    </Flex>
  );
}

/** Live state badge beside the name in the drawer's title. */
function Title({ monitor }: { monitor: MonitorRow }) {
  const state = useLiveState(monitor);
  return (
    <Flex gap={12} align="center" wrap style={{ minWidth: 0 }}>
      <span style={{ overflowWrap: 'anywhere' }}>{monitor.name}</span>
      <StateBadge status={state.status} />
    </Flex>
  );
}

/**
 * One monitor in detail: its live state and uptime, the last failure's error, the response-time
 * chart over a chosen range and its incidents. The whole width on phones.
 */
export function MonitorDetailDrawer({ monitor, open, onClose }: MonitorDetailDrawerProps) {
  return (
    <ResponsiveDrawer
      width={880}
      open={open}
      onClose={onClose}
      title={monitor ? <Title monitor={monitor} /> : null}
    >
      {monitor ? <MonitorDetail key={monitor.id} monitor={monitor} /> : null}
    </ResponsiveDrawer>
  );
}
