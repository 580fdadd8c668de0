import type { notificationRoutes, RouteOutput } from '@ferry/contract/client';

type DeliveryList = RouteOutput<typeof notificationRoutes.getDeliveryList>['list'];

/** One message of the delivery log. */
export type DeliveryRow = DeliveryList[number];
export type DeliveryState = DeliveryRow['state'];

/** One try of a message. */
export type AttemptRow = RouteOutput<typeof notificationRoutes.getDeliveryAttempts>['list'][number];

/** One of the namespace's templates. */
export type TemplateRow = RouteOutput<typeof notificationRoutes.getList>['list'][number];

export const DELIVERY_STATES_LIST: readonly DeliveryState[] = ['pending', 'sent', 'failed'];

/** Every channel a message may go to: the three chat robots and custom webhooks. */
export const DELIVERY_CHANNELS = [1, 2, 3, 255] as const;

/** The filter of the delivery log, as the list and total routes take it. */
export interface DeliveryFilter {
  subject: string;
  projectId: number;
  channel: number;
  state: DeliveryState | '';
}
