import { lazyPanel } from './lazyPanel';

/** The merge view, fetched with the first diff (a spinner meanwhile). */
export const LazyMergeDiff = lazyPanel(() => import('./MergeDiff').then((m) => m.MergeDiff));
