import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyLanguage } from './applyLanguage';
import type { Language } from './languages';
import { namespaces } from './resources';

/** Starts i18next in `language`; resolves once its texts are loaded. */
export async function initI18n(language: Language): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources: {},
      lng: language,
      fallbackLng: 'en',
      ns: namespaces,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      partialBundledLanguages: true,
    });
  }
  await applyLanguage(language);
  return i18next;
}
