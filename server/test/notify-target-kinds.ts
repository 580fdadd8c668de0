import type { Envelope } from '@ferry/contract';
import type { TestApp } from './build-test-app.js';
import type { Actor } from './factories.js';

/** A row as a list answers it: the id and the notify address, with the rest of the object. */
export type ListedRow = Record<string, unknown> & { id: number; notifyTarget: string };

/**
 * One kind of object with a notification address (project, monitor, warning rule, cron job), as
 * goploy's clients use it: add, list, edit by sending the listed object back, and ours: reveal.
 */
export interface NotifyKind {
  name: string;
  table: 'project' | 'monitor' | 'server_warning_rule' | 'cron';
  add(actor: Actor, notifyTarget: string, ns?: number): Promise<number>;
  list(actor: Actor, ns?: number): Promise<Envelope<{ list: ListedRow[] }>>;
  edit(actor: Actor, row: ListedRow, ns?: number): Promise<Envelope<unknown>>;
  showPath: string;
}

/** Where each kind lives: the servers its warning rules and cron jobs sit on, per namespace. */
export interface KindPlaces {
  /** A server of each namespace for warning rules (nothing connects to it). */
  ruleServer: (ns: number) => number;
  /** A reachable server both namespaces may use, for cron jobs. */
  cronServer: number;
  /** A reachable address for monitors to check. */
  site: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function notifyKinds(t: () => TestApp, at: KindPlaces): NotifyKind[] {
  const send = <T>(actor: Actor, method: Method, path: string, input: object, ns = 1) =>
    t().call<T>(method, path, {
      token: actor.token,
      ns,
      ...(method === 'GET' ? { query: input as Record<string, number> } : { body: input }),
    });
  const added = async (r: Promise<Envelope<{ id: number }>>) => {
    const done = await r;
    if (done.code !== 0) throw new Error(`add: ${done.code} ${done.message}`);
    return done.data.id;
  };
  let made = 0;
  const named = () => `notify-${++made}`;
  return [
    {
      name: 'project',
      table: 'project',
      add: (actor, notifyTarget, ns = 1) =>
        added(
          send(
            actor,
            'POST',
            '/project/add',
            {
              name: named(),
              repoType: 'git',
              url: 'https://git.example.com/team/shop.git',
              path: '/var/www/shop',
              environment: 1,
              branch: 'main',
              notifyType: 2,
              notifyTarget,
            },
            ns,
          ),
        ),
      list: (actor, ns = 1) => send(actor, 'GET', '/project/getList', {}, ns),
      edit: (actor, row, ns = 1) => send(actor, 'PUT', '/project/edit', row, ns),
      showPath: '/project/showNotifyTarget',
    },
    {
      name: 'monitor',
      table: 'monitor',
      add: (actor, notifyTarget, ns = 1) =>
        added(
          send(
            actor,
            'POST',
            '/monitor/add',
            {
              name: named(),
              type: 1,
              target: { items: [at.site] },
              second: 60,
              times: 3,
              silentCycle: 5,
              notifyType: 3,
              notifyTarget,
            },
            ns,
          ),
        ),
      list: (actor, ns = 1) => send(actor, 'GET', '/monitor/getList', {}, ns),
      edit: (actor, row, ns = 1) => send(actor, 'PUT', '/monitor/edit', row, ns),
      showPath: '/monitor/showNotifyTarget',
    },
    {
      name: 'warning rule',
      table: 'server_warning_rule',
      add: (actor, notifyTarget, ns = 1) =>
        added(
          send(
            actor,
            'POST',
            '/server/addMonitor',
            {
              serverId: at.ruleServer(ns),
              item: 'cpu_usage',
              formula: 'avg',
              operator: '>=',
              value: 80,
              groupCycle: 1,
              lastCycle: 1,
              silentCycle: 5,
              notifyType: 1,
              notifyTarget,
            },
            ns,
          ),
        ),
      list: (actor, ns = 1) =>
        send(actor, 'GET', '/server/getAllMonitor', { serverId: at.ruleServer(ns) }, ns),
      edit: (actor, row, ns = 1) => send(actor, 'PUT', '/server/editMonitor', row, ns),
      showPath: '/server/showMonitorNotifyTarget',
    },
    {
      name: 'cron job',
      table: 'cron',
      add: (actor, notifyTarget, ns = 1) =>
        added(
          send(
            actor,
            'POST',
            '/cron/add',
            {
              serverId: at.cronServer,
              expression: '@yearly',
              command: `true ${named()}`,
              notifyType: 255,
              notifyTarget,
            },
            ns,
          ),
        ),
      list: (actor, ns = 1) =>
        send(actor, 'POST', '/cron/getList', { serverId: at.cronServer }, ns),
      edit: (actor, row, ns = 1) => send(actor, 'PUT', '/cron/edit', row, ns),
      showPath: '/cron/showNotifyTarget',
    },
  ];
}

/** The listed row of `id`; throws when the list failed or does not hold it. */
export async function listedRow(kind: NotifyKind, actor: Actor, id: number, ns = 1) {
  const r = await kind.list(actor, ns);
  if (r.code !== 0) throw new Error(`${kind.name} list: ${r.code} ${r.message}`);
  const row = r.data.list.find((x) => x.id === id);
  if (!row) throw new Error(`${kind.name} ${id} is not listed`);
  return row;
}

/** What the reveal route answers `actor` for object `id`. */
export const reveal = (t: TestApp, kind: NotifyKind, actor: Actor, id: number, ns = 1) =>
  t.call<{ notifyTarget: string }>('POST', kind.showPath, { token: actor.token, ns, body: { id } });
