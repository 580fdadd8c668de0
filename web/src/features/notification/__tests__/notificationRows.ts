import { DEFAULT_TEMPLATES, NOTIFY_USES, Perm, TEMPLATE_CHANNELS } from '@ferry/contract/client';
import type { FakeRoutes } from '../../../test/fakeFetch';
import { loggedIn } from '../../../test/loggedIn';
import type { AttemptRow, DeliveryRow, TemplateRow } from '../utils/deliveryRow';

/** The nine defaults, as GET /notification/getList answers them (ids 1 to 9). */
export const TEMPLATES: TemplateRow[] = TEMPLATE_CHANNELS.flatMap((type, c) =>
  NOTIFY_USES.map((useBy, u) => ({
    id: c * 3 + u + 1,
    type,
    useBy,
    ...DEFAULT_TEMPLATES[type][useBy],
    insertTime: '2026-11-01 09:00:00',
    updateTime: '2026-11-20 16:30:00',
  })),
);

/** DingTalk's deploy template. */
export const DINGTALK_DEPLOY = TEMPLATES.find((r) => r.type === 2 && r.useBy === 'deploy')!;

const delivery = (id: number, over: Partial<DeliveryRow>): DeliveryRow => ({
  id,
  projectId: 7,
  projectName: 'shop-api',
  useBy: 'deploy',
  subject: `Message ${id}`,
  channel: 2,
  targetHost: 'oapi.dingtalk.com',
  state: 'sent',
  attempts: 1,
  lastError: '',
  creator: 'Alice',
  insertTime: '2026-11-26 10:42:05',
  nextAttemptTime: '',
  sentTime: '2026-11-26 10:42:06',
  ...over,
});

export const DELIVERIES: DeliveryRow[] = [
  delivery(31, {
    subject: 'Deploy shop-api failed',
    state: 'pending',
    attempts: 2,
    lastError: '310000: sign not match',
    nextAttemptTime: '2026-11-26 10:45:05',
    sentTime: '',
  }),
  delivery(30, { subject: 'Deploy shop-api succeeded', channel: 3, targetHost: 'open.feishu.cn' }),
  delivery(29, {
    subject: 'Test message for shop-api',
    channel: 255,
    targetHost: 'hooks.example.com',
    state: 'failed',
    attempts: 5,
    lastError: 'ECONNREFUSED',
    creator: '',
    sentTime: '',
  }),
];

export const ATTEMPTS: AttemptRow[] = [
  {
    attempt: 1,
    httpStatus: 200,
    code: '310000',
    message: 'sign not match',
    durationMs: 118,
    time: '2026-11-26 10:42:06',
  },
  {
    attempt: 2,
    httpStatus: 0,
    code: 'unreachable',
    message: 'no answer in time',
    durationMs: 10004,
    time: '2026-11-26 10:43:06',
  },
];

/** Logged in with the notification page (and editing, unless `permissionIds` says otherwise). */
export function withNotifications({
  permissionIds = [Perm.ShowNotificationPage, Perm.EditNotification],
  routes = {},
}: { permissionIds?: readonly number[]; routes?: FakeRoutes } = {}) {
  return loggedIn({
    permissionIds,
    routes: {
      '/notification/getList': [{ code: 0, data: { list: TEMPLATES } }],
      '/notification/getDeliveryList': [{ code: 0, data: { list: DELIVERIES } }],
      '/notification/getDeliveryTotal': [{ code: 0, data: { total: DELIVERIES.length } }],
      '/notification/getDeliveryAttempts': [{ code: 0, data: { list: ATTEMPTS } }],
      ...routes,
    },
  });
}
