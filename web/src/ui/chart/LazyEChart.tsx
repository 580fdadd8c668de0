import { lazy } from 'react';

/** ECharts' module, fetched once; a page or drawer asks for it as it opens, beside its own. */
export const loadEChart = () => import('./EChart');

/** The chart canvas in its own chunk: the page shows its other parts meanwhile. */
export const LazyEChart = lazy(() => loadEChart().then((m) => ({ default: m.EChart })));
