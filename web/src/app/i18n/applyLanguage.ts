import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import type { Language } from './languages';

const DAYJS_LOCALE: Record<Language, string> = { en: 'en', 'zh-CN': 'zh-cn' };

/** Switches i18next, dayjs and the document language together (antd follows the store). */
export function applyLanguage(language: Language): void {
  if (i18next.language !== language) void i18next.changeLanguage(language);
  dayjs.locale(DAYJS_LOCALE[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
