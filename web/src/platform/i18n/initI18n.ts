import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyLanguage } from './applyLanguage';
import type { Language } from './languages';
import { SHELL_NAMESPACES } from './loadNamespaces';
import { mergeNamespaceParts } from './namespaceParts';
import { localeBackend } from './resources';

/** Starts i18next in `language`; resolves once the shell's texts are loaded. */
export async function initI18n(language: Language): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    await i18next
      .use(localeBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        // Both languages hold the same keys (a test checks): no second language to fetch.
        fallbackLng: false,
        load: 'currentOnly',
        ns: [...SHELL_NAMESPACES],
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        returnNull: false,
        // A component whose namespace has not arrived waits in Suspense instead of showing keys.
        react: { useSuspense: true },
      });
  }
  mergeNamespaceParts();
  await applyLanguage(language);
  return i18next;
}
