import { lazy } from 'react';

/** ECharts' module, fetched once; the drawer asks for it as it opens, beside its own. */
export const loadEChart = () => import('./EChart');

/** The chart canvas in its own chunk: the drawer shows its state and incidents meanwhile. */
export const LazyEChart = lazy(() => loadEChart().then((m) => ({ default: m.EChart })));
