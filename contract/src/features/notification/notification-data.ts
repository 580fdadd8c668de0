/*
 * What a notification template can read, per use, and sample data for the editor's preview. No
 * field holds a secret: servers carry no password, key or token, projects no credential.
 */

/** goploy's `use_by` values. */
export const NOTIFY_USES = ['deploy', 'monitor', 'server_monitor'] as const;
export type NotifyUse = (typeof NOTIFY_USES)[number];

/** Channels with templates (custom webhooks get the data as JSON). */
export const TEMPLATE_CHANNELS = [1, 2, 3] as const;
export type TemplateChannel = (typeof TEMPLATE_CHANNELS)[number];

export const NotifyChannel = { WeCom: 1, DingTalk: 2, Feishu: 3, Custom: 255 } as const;

export interface NotifyServer {
  id: number;
  name: string;
  host: string;
  description: string;
}

export interface DeployNotice {
  project: {
    id: number;
    name: string;
    /** Production, Pre-release, Test or Development. */
    environment: string;
    branch: string;
    path: string;
  };
  deploy: {
    token: string;
    succeeded: boolean;
    /** "success" or "fail". */
    state: string;
    publisher: string;
    /** Why it failed; empty on success. */
    detail: string;
    time: string;
    /** "publish", "rollback", "webhook", "schedule" or "review". */
    trigger: string;
  };
  commit: {
    id: string;
    shortId: string;
    branch: string;
    tag: string;
    author: string;
    message: string;
    time: string;
  };
  servers: NotifyServer[];
}

export interface MonitorNotice {
  monitor: { id: number; name: string; type: string; target: string };
  error: string;
  recovered: boolean;
  time: string;
  /** Since the first failed check of the outage. */
  downSince: string;
  /** How long it has been (or was, on recovery) down, e.g. "1h 5m 12s". */
  downtime: string;
}

export interface ServerMonitorNotice {
  server: NotifyServer;
  rule: { item: string; formula: string; operator: string; value: string };
  /** The formula's value over the rule's last window. */
  cycleValue: string;
  /** The value is within bounds again after an alert. */
  recovered: boolean;
  /** How long it breached: the breaching windows in a row, e.g. "15m". */
  breachTime: string;
  time: string;
}

export interface NoticeData {
  deploy: DeployNotice;
  monitor: MonitorNotice;
  server_monitor: ServerMonitorNotice;
}

const sampleServers: NotifyServer[] = [
  { id: 1, name: 'web-1', host: '10.0.0.11', description: 'front' },
  { id: 2, name: 'web-2', host: '10.0.0.12', description: '' },
];

/** Sample data the template editor previews with. */
export const SAMPLE_NOTICES: NoticeData = {
  deploy: {
    project: {
      id: 7,
      name: 'shop-api',
      environment: 'Production',
      branch: 'main',
      path: '/var/www/shop-api',
    },
    deploy: {
      token: '6f1c2a9e-3b7d-4c2e-9a51-0d8e4f7b2c13',
      succeeded: false,
      state: 'fail',
      publisher: 'Alice',
      detail: 'web-2: after-deploy script exited with code 1',
      time: '2026-11-26 10:42:05',
      trigger: 'publish',
    },
    commit: {
      id: '3f9a1c7e5b2d48a6c0e1f2a3b4c5d6e7f8091a2b',
      shortId: '3f9a1c7',
      branch: 'origin/main',
      tag: 'v2.4.1',
      author: 'Bob',
      message: 'Cache product pages for five minutes',
      time: '2026-11-26 10:38:51',
    },
    servers: sampleServers,
  },
  monitor: {
    monitor: { id: 3, name: 'shop home page', type: 'HTTP', target: 'https://shop.example.com/' },
    error: 'status 502 after 5 tries',
    recovered: false,
    time: '2026-11-26 10:45:00',
    downSince: '2026-11-26 10:44:10',
    downtime: '50s',
  },
  server_monitor: {
    server: sampleServers[0]!,
    rule: { item: 'cpu_usage', formula: 'avg', operator: '>=', value: '90' },
    cycleValue: '94.5',
    recovered: false,
    breachTime: '15m',
    time: '2026-11-26 10:50:00',
  },
};
