import { lazyPanel } from '../../../ui/lazyPanel';

/** The nginx editor, fetched with the first configuration opened (a spinner meanwhile). */
export const LazyNginxEditor = lazyPanel(() => import('./NginxEditor').then((m) => m.NginxEditor));
