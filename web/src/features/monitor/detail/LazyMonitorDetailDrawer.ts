import { loadNamespaces } from '../../../app/i18n/loadNamespaces';
import { lazyDialog } from '../../../ui/lazyDialog';

/**
 * The monitor detail drawer, fetched with its texts (and ECharts) the first time it opens: the
 * list page carries none of it.
 */
export const LazyMonitorDetailDrawer = lazyDialog(() =>
  Promise.all([import('./MonitorDetailDrawer'), loadNamespaces('monitorDetail')]).then(
    ([m]) => m.MonitorDetailDrawer,
  ),
);
