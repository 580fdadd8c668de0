import type { Locale } from 'antd/es/locale';
import type { Language } from './languages';

const loaders: Record<Language, () => Promise<Locale>> = {
  en: () => import('antd/locale/en_US').then((m) => m.default),
  'zh-CN': () => import('antd/locale/zh_CN').then((m) => m.default),
};

const loaded: Partial<Record<Language, Locale>> = {};

/** Fetches antd's texts for `language` (date pickers, pagination, empty states…). */
export async function loadAntdLocale(language: Language): Promise<void> {
  loaded[language] ??= await loaders[language]();
}

/** antd's texts for a language loaded before; undefined (antd's English) otherwise. */
export function antdLocale(language: Language): Locale | undefined {
  return loaded[language];
}
