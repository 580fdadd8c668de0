import { lazyPanel } from './lazyPanel';

/** The CodeMirror editor, fetched with its first use (a spinner meanwhile). */
export const LazyTextEditor = lazyPanel(() => import('./TextEditor').then((m) => m.TextEditor));
