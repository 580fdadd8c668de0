import type { Locale } from 'antd/es/locale';
import type { Language } from './languages';

/** English is antd's own: only the other languages are fetched. */
const loaders: Partial<Record<Language, () => Promise<Locale>>> = {
  'zh-CN': () => import('antd/locale/zh_CN').then((m) => m.default),
};

const loaded: Partial<Record<Language, Locale>> = {};

/** Fetches antd's texts for `language` (date pickers, pagination, empty states…). */
export async function loadAntdLocale(language: Language): Promise<void> {
  const load = loaders[language];
  if (load) loaded[language] ??= await load();
}

/** antd's texts for a language loaded before; undefined (antd's own English) for English. */
export function antdLocale(language: Language): Locale | undefined {
  return loaded[language];
}
