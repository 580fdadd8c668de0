/** The interface languages: i18next language codes, also the `language` cookie's values. */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's own name, shown in the switch whatever the current language is. */
export const LANGUAGE_LABELS: Record<Language, string> = { en: 'English', 'zh-CN': '中文' };
