import type { Resource, ResourceLanguage } from 'i18next';
import { LANGUAGES } from './languages';

/**
 * Every `locales/<language>/<namespace>.json`, picked up at build time: a feature adds its
 * locale files and the types in `i18next.d.ts`, nothing else.
 */
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function load(): Resource {
  const resources: Resource = {};
  for (const lang of LANGUAGES) resources[lang] = {};
  for (const [file, content] of Object.entries(files)) {
    const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    const lang = m?.[1];
    const ns = m?.[2];
    if (!lang || !ns) continue;
    const bucket: ResourceLanguage = resources[lang] ?? (resources[lang] = {});
    bucket[ns] = content;
  }
  return resources;
}

export const resources: Resource = load();
export const namespaces: string[] = [
  ...new Set(Object.keys(files).map((f) => /([^/]+)\.json$/.exec(f)?.[1] ?? '')),
].filter(Boolean);
