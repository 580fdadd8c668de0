import { lazyPanel } from '../../../ui/lazyPanel';

/** The merge view, fetched with the first diff (a spinner meanwhile). */
export const LazyMergeDiff = lazyPanel(() => import('./MergeDiff').then((m) => m.MergeDiff));
