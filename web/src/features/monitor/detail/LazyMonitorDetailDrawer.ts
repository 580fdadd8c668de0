import { loadNamespaces } from '../../../platform';
import { lazyDialog } from '../../../ui/lazyDialog';
import { loadEChart } from '../../../ui/chart/LazyEChart';

/**
 * The monitor detail drawer, fetched with its texts the first time it opens: the list page
 * carries none of it. ECharts (its own, larger chunk) starts loading at the same time; the
 * drawer opens without waiting for it, the chart's skeleton standing in.
 */
export const LazyMonitorDetailDrawer = lazyDialog(() => {
  void loadEChart().catch(() => undefined);
  return Promise.all([import('./MonitorDetailDrawer'), loadNamespaces('monitorDetail')]).then(
    ([m]) => m.MonitorDetailDrawer,
  );
});
