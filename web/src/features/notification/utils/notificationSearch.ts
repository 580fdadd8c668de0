import type { DeliveryState } from './deliveryRow';
import { compact, readPage, readRows, readText, type PageSearch } from '../../../ui/pageSearch';

/** /member/notification?tab=delivery&subject=…&projectId=…&channel=…&state=…&page=…&rows=… */
export interface NotificationSearch extends PageSearch {
  tab?: 'delivery';
  subject?: string;
  projectId?: number;
  channel?: number;
  state?: DeliveryState;
}

/** A positive whole number from the address, else undefined. */
function readId(v: unknown): number | undefined {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
}

export function validateNotificationSearch(search: Record<string, unknown>): NotificationSearch {
  const state = readText(search.state);
  return compact({
    tab: search.tab === 'delivery' ? 'delivery' : undefined,
    subject: readText(search.subject),
    projectId: readId(search.projectId),
    channel: readId(search.channel),
    state: state === 'pending' || state === 'sent' || state === 'failed' ? state : undefined,
    page: readPage(search.page),
    rows: readRows(search.rows),
  });
}
