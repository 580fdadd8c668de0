import { Perm } from '@ferry/contract/client';
import { loggedIn } from '../../../test/loggedIn';
import { renderApp } from '../../../test/renderApp';
import type { FakeRoutes } from '../../../test/fakeFetch';
import type { MetricsView } from '../utils/MetricsView';

/** Every permission of the page and its actions. */
export const PERMS = [
  Perm.ShowServerPage,
  Perm.ShowServerMonitorPage,
  Perm.InstallAgent,
  Perm.AddServerWarningRule,
  Perm.EditServerWarningRule,
  Perm.DeleteServerWarningRule,
];

/** A server pulled over SSH every minute, collected fine, without the agent. */
export const SOURCE = {
  serverId: 1,
  mode: 'pull',
  interval: 60,
  state: 'ok',
  lastSampleTime: '2026-03-01 12:00:00',
  lastError: '',
  agentState: 'none',
  agentError: '',
  agentTime: '',
};

/** A rule on CPU usage, breaching once. */
export const RULE = {
  id: 9,
  serverId: 1,
  item: 'cpu_usage',
  formula: 'avg',
  operator: '>=',
  value: 80,
  groupCycle: 5,
  lastCycle: 2,
  silentCycle: 30,
  startTime: '00:00',
  endTime: '23:59',
  notifyType: 255,
  notifyTarget: 'http://127.0.0.1:9/hook',
  insertTime: '',
  updateTime: '',
  state: 'breaching',
  lastValue: 91.26,
  lastEvalTime: '2026-03-01 12:00:00',
  breachCount: 1,
  lastAlertTime: '',
};

/** `/server/getMetrics`'s envelope of `view`. */
export const answer = (view: MetricsView) => {
  const { range: _range, ...data } = view;
  return { code: 0, data };
};

/** Opens `/server/agent?serverId=1` on server web-1, with `routes` over the defaults. */
export function openAgentPage(routes: FakeRoutes, permissionIds: readonly number[] = PERMS) {
  const net = loggedIn({
    permissionIds,
    routes: {
      '/server/getOption': [
        {
          code: 0,
          data: { list: [{ id: 1, name: 'web-1', ip: '10.0.0.1', port: 22, description: '' }] },
        },
      ],
      '/server/getMetricsSource': [{ code: 0, data: SOURCE }],
      '/server/getAllMonitor': [{ code: 0, data: { list: [RULE] } }],
      ...routes,
    },
  });
  renderApp('/server/agent?serverId=1');
  return net;
}
