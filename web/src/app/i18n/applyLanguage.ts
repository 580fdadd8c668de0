import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { loadAntdLocale } from './antdLocales';
import type { Language } from './languages';

const DAYJS_LOCALE: Record<Language, string> = { en: 'en', 'zh-CN': 'zh-cn' };

/**
 * Fetches, in `language`, every namespace loaded so far (i18next keeps the list); files read
 * before come from the module cache. A file that fails to arrive after i18next's retries leaves
 * its keys showing rather than no app at all.
 */
const loadTexts = (language: Language) =>
  i18next.language === language ? undefined : i18next.reloadResources(language);

/** Switches i18next, antd, dayjs and the document language together, once the texts are in. */
export async function applyLanguage(language: Language): Promise<void> {
  await Promise.all([loadTexts(language), loadAntdLocale(language)]);
  if (i18next.language !== language) await i18next.changeLanguage(language);
  dayjs.locale(DAYJS_LOCALE[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
