import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyLanguage } from './applyLanguage';
import type { Language } from './languages';
import { namespaces, resources } from './resources';

/** Starts i18next (synchronously: the resources are bundled) in `language`. */
export function initI18n(language: Language): typeof i18next {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: 'en',
      ns: namespaces,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  }
  applyLanguage(language);
  return i18next;
}
