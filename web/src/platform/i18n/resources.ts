import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';

/**
 * Every `locales/<language>/<namespace>.json`, each built into its own small chunk and fetched
 * the first time a page needs it: a feature adds its locale files, the types in `i18next.d.ts`
 * and the namespaces its routes preload (`loadNamespaces` in the route's loader).
 */
const files = import.meta.glob<ResourceKey>('../../locales/*/*.json', { import: 'default' });

const fileOf = (language: string, namespace: string) =>
  `../../locales/${language}/${namespace}.json`;

/** Every i18next namespace: one per locale file name. */
export const namespaces: string[] = [
  ...new Set(
    Object.keys(files).flatMap((f) => {
      const ns = /\/([^/]+)\.json$/.exec(f)?.[1];
      return ns ? [ns] : [];
    }),
  ),
];

/** The i18next backend: reads one namespace of one language from its chunk. */
export const localeBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = files[fileOf(language, namespace)];
    if (!load) {
      callback(new Error(`no texts for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (texts) => callback(null, texts),
      // `true` lets i18next retry a failed fetch (a flaky network) a few times.
      (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), true),
    );
  },
};
