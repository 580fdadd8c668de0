import i18next, { type CustomTypeOptions } from 'i18next';

/** An i18next namespace: one locale file per language. */
export type Namespace = keyof CustomTypeOptions['resources'];

/** What the layout, the router and the API layer say: loaded before the first paint. */
export const SHELL_NAMESPACES: readonly Namespace[] = ['common', 'errors', 'layout', 'menu'];

/**
 * Fetches the texts of `namespaces` in the current language. A route's loader calls it with the
 * namespaces of its page, so the page's chunk and its texts arrive together and no key shows.
 */
export function loadNamespaces(...namespaces: Namespace[]): Promise<void> {
  return i18next.loadNamespaces(namespaces);
}
