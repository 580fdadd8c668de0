import {
  DEFAULT_TEMPLATES,
  renderTemplate,
  TemplateError,
  type NotifyTemplateText,
  type NotifyUse,
  type RouteParsed,
  type notificationRoutes,
  type TemplateChannel,
} from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import { formatTime } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import type { ChannelType } from '../../infra/notify/channels.js';
import type { Notifier } from '../../infra/notify/notifier.js';
import type { NotifyTargets } from '../../infra/notify/notify-target.js';
import type { ProjectAccess } from '../project/project.api.js';
import type { DeliveryRepository } from './delivery.repository.js';
import type { Notice, NotificationApi, PlainNotice } from './notification.api.js';
import type { TemplateRepository } from './template.repository.js';

type SendTestInput = RouteParsed<typeof notificationRoutes.sendTest>;

const isTemplateChannel = (type: number): type is TemplateChannel =>
  type === 1 || type === 2 || type === 3;

/** Templates, rendering, the delivery log and test messages; the notifier delivers. */
export function createNotificationService(deps: {
  templates: TemplateRepository;
  deliveries: DeliveryRepository;
  notifier: Notifier;
  projects: Pick<ProjectAccess, 'readable' | 'notifyChannel'>;
  targets: Pick<NotifyTargets, 'meant'>;
  clock: Clock;
  log: { error(o: object, m: string): void };
}) {
  const { templates, deliveries, notifier, clock } = deps;

  /** The title and body a channel gets: its template rendered, or the data as JSON. */
  async function compose(notice: Notice): Promise<NotifyTemplateText> {
    const type = notice.channel.type;
    if (!isTemplateChannel(type)) return { title: '', template: JSON.stringify(notice.custom) };
    const text = await templates.find(notice.namespaceId, type, notice.use, clock.now());
    try {
      return render(text, notice.data);
    } catch (err) {
      // Edits are checked, so only a template stored by other means fails: the default goes out.
      if (!(err instanceof TemplateError)) throw err;
      return render(DEFAULT_TEMPLATES[type][notice.use], notice.data);
    }
  }

  async function queue(notice: Notice): Promise<number> {
    const { title, template } = await compose(notice);
    return notifier.enqueue({
      namespaceId: notice.namespaceId,
      projectId: notice.projectId,
      projectName: notice.projectName,
      useBy: notice.use,
      subject: notice.subject,
      channel: notice.channel.type as ChannelType,
      target: notice.channel.target,
      secret: notice.channel.secret,
      title,
      body: template,
      creator: notice.creator,
    });
  }

  /** Runs `enqueue`; a failure is logged, never thrown at the feature that notifies. */
  async function safely(projectId: number, enqueue: () => Promise<unknown>): Promise<void> {
    try {
      await enqueue();
    } catch (err) {
      deps.log.error({ err, projectId }, 'queueing a notification failed');
    }
  }

  const notifyText: NotificationApi['notifyText'] = async (n: PlainNotice) => {
    if (n.channel.type === 0 || n.channel.target === '') return;
    await safely(n.projectId, () =>
      notifier.enqueue({
        namespaceId: n.namespaceId,
        projectId: n.projectId,
        projectName: n.projectName,
        useBy: 'review',
        subject: n.subject,
        channel: n.channel.type as ChannelType,
        target: n.channel.target,
        secret: n.channel.secret,
        title: n.title,
        body: n.channel.type === 255 ? JSON.stringify(n.custom) : n.text,
        creator: n.creator,
      }),
    );
  };

  const callUrl: NotificationApi['callUrl'] = ({ url, ...c }) =>
    safely(c.projectId, () =>
      notifier.enqueue({
        ...c,
        useBy: 'review',
        channel: 0,
        target: url,
        secret: '',
        title: '',
        body: '',
      }),
    );

  return {
    async notify(notice: Notice): Promise<void> {
      if (notice.channel.type === 0 || notice.channel.target === '') return;
      await safely(notice.projectId, () => queue(notice));
    },
    notifyText,
    callUrl,

    templates: (ctx: RequestContext) => templates.list(ctx.namespaceId, clock.now()),

    async editTemplate(ctx: RequestContext, input: { id: number } & NotifyTemplateText) {
      const row = await templates.byId(input.id, ctx.namespaceId);
      if (!row) throw notFound('Notification template');
      await templates.update(row.id, { title: input.title, template: input.template }, clock.now());
    },

    async resetTemplate(ctx: RequestContext, id: number) {
      const row = await templates.byId(id, ctx.namespaceId);
      if (!row || !isTemplateChannel(row.type)) throw notFound('Notification template');
      await templates.update(
        row.id,
        DEFAULT_TEMPLATES[row.type][row.use_by as NotifyUse],
        clock.now(),
      );
      return (await templates.byId(row.id, ctx.namespaceId))!;
    },

    /**
     * A test message to the channel being set up. Without a new secret, the project's stored one
     * is used while the channel type is the one stored; the masked address the form holds is the
     * project's stored address.
     */
    async sendTest(ctx: RequestContext, input: SendTestInput): Promise<number> {
      const project = input.projectId
        ? await deps.projects.readable(ctx, input.projectId)
        : undefined;
      const stored = project ? deps.projects.notifyChannel(project) : undefined;
      const secret = input.notifySecret || (stored?.type === input.notifyType ? stored.secret : '');
      const name = project?.name ?? '';
      const time = formatTime(clock.now());
      const title = 'Ferry test message';
      const text =
        `This is a test message from Ferry${name ? ` for project ${name}` : ''}, ` +
        `sent by ${ctx.user.name} at ${time}. Deploy notifications will arrive here.`;
      return notifier.enqueue({
        namespaceId: ctx.namespaceId,
        projectId: project?.id ?? 0,
        projectName: name,
        useBy: 'test',
        subject: `Test message${name ? ` for ${name}` : ''}`,
        channel: input.notifyType as ChannelType,
        target: deps.targets.meant(input.notifyTarget, stored?.target),
        secret,
        title,
        body:
          input.notifyType === 255
            ? JSON.stringify({ test: true, message: text, project: { id: project?.id ?? 0, name } })
            : text,
        creator: ctx.user.name,
      });
    },

    async deliveryAttempts(ctx: RequestContext, id: number) {
      const row = await deliveries.byId(id, ctx.namespaceId);
      if (!row) throw notFound('Notification');
      return deliveries.attempts(row.id);
    },

    async resend(ctx: RequestContext, id: number): Promise<number> {
      const row = await deliveries.byId(id, ctx.namespaceId);
      if (!row) throw notFound('Notification');
      return notifier.requeue(row.id, ctx.user.name);
    },

    deliveries,
  };
}

function render(text: NotifyTemplateText, data: unknown): NotifyTemplateText {
  return { title: renderTemplate(text.title, data), template: renderTemplate(text.template, data) };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
