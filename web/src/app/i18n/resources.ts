import type { ResourceLanguage } from 'i18next';
import type { Language } from './languages';

/**
 * Every `locales/<language>/<namespace>.json`, each language built into its own chunk (see
 * vite.config.ts) and fetched when first used: a feature adds its locale files and the types in
 * `i18next.d.ts`, nothing else.
 */
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  import: 'default',
});

function parse(file: string): { lang: string; ns: string } | undefined {
  const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  return m?.[1] && m[2] ? { lang: m[1], ns: m[2] } : undefined;
}

/** The i18next namespaces: one per locale file name. */
export const namespaces: string[] = [
  ...new Set(Object.keys(files).flatMap((f) => parse(f)?.ns ?? [])),
];

/** All namespaces of one language. */
export async function loadResources(language: Language): Promise<ResourceLanguage> {
  const entries = await Promise.all(
    Object.entries(files).flatMap(([file, load]) => {
      const where = parse(file);
      return where?.lang === language ? [load().then((c) => [where.ns, c] as const)] : [];
    }),
  );
  return Object.fromEntries(entries);
}
