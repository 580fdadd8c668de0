import { lazy } from 'react';

/** The monitor feature's public surface: the monitors section and its list page, and where an alert goes. */
export { monitorSection } from './routes';

/**
 * Where an alert goes (`notifyType`, `notifyTarget` of the form around it), for other features'
 * forms; it loads with them, not with the first page.
 */
export const NotifyFields = lazy(() =>
  import('./components/NotifyFields').then((m) => ({ default: m.NotifyFields })),
);
