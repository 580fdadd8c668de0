import type { Language } from './languages';

/**
 * The language to start in: the `language` cookie if it names one (goploy wrote `zh-cn`), else
 * the browser's language when it is Chinese, else English.
 */
export function detectLanguage(cookie: string | undefined, browser: string | undefined): Language {
  const pick = (v: string | undefined): Language | undefined => {
    const s = v?.trim().toLowerCase();
    if (!s) return undefined;
    if (s.startsWith('zh')) return 'zh-CN';
    if (s.startsWith('en')) return 'en';
    return undefined;
  };
  return pick(cookie) ?? (browser?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en');
}
