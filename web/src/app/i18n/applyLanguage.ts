import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { loadAntdLocale } from './antdLocales';
import type { Language } from './languages';
import { loadResources } from './resources';

const DAYJS_LOCALE: Record<Language, string> = { en: 'en', 'zh-CN': 'zh-cn' };

/** Fetches the texts of `language` once: our namespaces and antd's. */
async function ensureLanguage(language: Language): Promise<void> {
  const texts = i18next.hasResourceBundle(language, 'common')
    ? undefined
    : loadResources(language).then((bundles) => {
        for (const [ns, content] of Object.entries(bundles)) {
          i18next.addResourceBundle(language, ns, content, true, true);
        }
      });
  await Promise.all([texts, loadAntdLocale(language)]);
}

/** Switches i18next, dayjs and the document language together, once the texts are in. */
export async function applyLanguage(language: Language): Promise<void> {
  await ensureLanguage(language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
  dayjs.locale(DAYJS_LOCALE[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
