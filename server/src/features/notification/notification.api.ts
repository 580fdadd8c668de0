import type { NoticeData, NotifyUse } from '@ferry/contract';

/** A notice to a team's channel; the notification feature renders and queues it. */
export interface Notice<U extends NotifyUse = NotifyUse> {
  namespaceId: number;
  projectId: number;
  projectName: string;
  /** The channel as configured: type 0 or an empty target sends nothing. */
  channel: { type: number; target: string; secret: string };
  use: U;
  /** What the channel's template reads. */
  data: NoticeData[U];
  /** What a custom webhook receives as `data` (goploy's shape, without any secret). */
  custom: unknown;
  /** One line for the delivery log. */
  subject: string;
  creator: string;
}

/** A message with no template: the same text on every chat channel, `custom` for a webhook. */
export interface PlainNotice {
  namespaceId: number;
  projectId: number;
  projectName: string;
  channel: { type: number; target: string; secret: string };
  title: string;
  text: string;
  custom: unknown;
  subject: string;
  creator: string;
}

/** What other features may ask of notifications. */
export interface NotificationApi {
  /** Renders the namespace's template and queues the message; never throws (logs instead). */
  notify<U extends NotifyUse>(notice: Notice<U>): Promise<void>;
  /** Queues a message that has no template; never throws. */
  notifyText(notice: PlainNotice): Promise<void>;
  /**
   * Queues a GET of `url` (a review URL telling an outside approval system), retried and logged
   * like a message; never throws.
   */
  callUrl(call: {
    namespaceId: number;
    projectId: number;
    projectName: string;
    url: string;
    subject: string;
    creator: string;
  }): Promise<void>;
}
