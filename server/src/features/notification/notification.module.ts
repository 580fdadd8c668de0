import type { FeatureModule, SharedDeps } from '../../core/module.js';
import { createNotifier } from '../../infra/notify/notifier.js';
import { createNotifyTargets } from '../../infra/notify/notify-target.js';
import type { ProjectAccess } from '../project/project.api.js';
import { createDeliveryRepository } from './delivery.repository.js';
import type { NotificationApi } from './notification.api.js';
import { notificationPlugin } from './notification.plugin.js';
import { createNotificationService } from './notification.service.js';
import { createTemplateRepository } from './template.repository.js';

/**
 * Notifications: each namespace's templates, the delivery log, test messages, and the one
 * notifier (its outbox is sent from when the app is ready until it closes).
 */
export function createNotificationModule(
  shared: SharedDeps,
  deps: { projects: ProjectAccess; retryDelaysMs?: number[] | undefined },
): FeatureModule<NotificationApi> {
  const notifier = createNotifier(shared, { retryDelaysMs: deps.retryDelaysMs });
  const notifications = createNotificationService({
    templates: createTemplateRepository(shared.db),
    deliveries: createDeliveryRepository(shared.db),
    notifier,
    projects: deps.projects,
    targets: createNotifyTargets(shared.box),
    clock: shared.clock,
    log: shared.log,
  });
  return {
    plugin: async (app) => {
      app.addHook('onReady', async () => notifier.start());
      app.addHook('onClose', async () => notifier.stop());
      notificationPlugin(notifications)(app);
    },
    api: {
      notify: (notice) => notifications.notify(notice),
      notifyText: notifications.notifyText,
      callUrl: notifications.callUrl,
    },
  };
}
