import i18next from 'i18next';
import { loadAntdLocale } from './antdLocales';
import type { Language } from './languages';

const DAYJS_LOCALE: Record<Language, string> = { en: 'en', 'zh-CN': 'zh-cn' };

/** Whether dayjs has been told a language (it speaks English until then). */
let dayjsTold = false;
/** The language dayjs was last asked for: of two quick switches, the last one wins. */
let dayjsWanted: Language = 'en';

/**
 * Puts dayjs (relative times, antd's date pickers) in `language`. dayjs starts in English, so
 * English needs nothing until another language was chosen: the English first page goes without
 * dayjs, which arrives with the pages that show dates.
 */
async function applyDayjsLocale(language: Language): Promise<void> {
  dayjsWanted = language;
  if (language === 'en' && !dayjsTold) return;
  const [{ default: dayjs }] = await Promise.all([
    import('dayjs'),
    language === 'zh-CN' ? import('dayjs/locale/zh-cn') : undefined,
  ]);
  if (dayjsWanted !== language) return;
  dayjs.locale(DAYJS_LOCALE[language]);
  dayjsTold = true;
}

/**
 * Fetches, in `language`, every namespace loaded so far (i18next keeps the list); files read
 * before come from the module cache. A file that fails to arrive after i18next's retries leaves
 * its keys showing rather than no app at all.
 */
const loadTexts = (language: Language) =>
  i18next.language === language ? undefined : i18next.reloadResources(language);

/** Switches i18next, antd, dayjs and the document language together, once the texts are in. */
export async function applyLanguage(language: Language): Promise<void> {
  await Promise.all([loadTexts(language), loadAntdLocale(language), applyDayjsLocale(language)]);
  if (i18next.language !== language) await i18next.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
