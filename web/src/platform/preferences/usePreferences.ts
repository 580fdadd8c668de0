import { create } from 'zustand';
import { applyLanguage } from '../i18n/applyLanguage';
import { detectLanguage } from '../i18n/detectLanguage';
import type { Language } from '../i18n/languages';
import { cookies } from './cookies';

export type ThemeMode = 'light' | 'dark';

const THEME_KEY = 'theme';
const LANGUAGE_COOKIE = 'language';
const SIDEBAR_COOKIE = 'sidebarStatus';

interface Preferences {
  theme: ThemeMode;
  language: Language;
  /** Desktop sidebar expanded (cookie `sidebarStatus` 1) or collapsed (0). */
  sidebarOpen: boolean;
  toggleTheme: () => void;
  setLanguage: (language: Language) => void;
  setSidebarOpen: (open: boolean) => void;
}

function initialTheme(): ThemeMode {
  const stored = localStorage.getItem(THEME_KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function initialLanguage(): Language {
  return detectLanguage(cookies.get(LANGUAGE_COOKIE), navigator.language);
}

let latestLanguage: Language | undefined;

/** Theme, language and sidebar state: the only client state shared across pages. */
export const usePreferences = create<Preferences>((set, get) => ({
  theme: initialTheme(),
  language: initialLanguage(),
  sidebarOpen: cookies.get(SIDEBAR_COOKIE) !== '0',
  toggleTheme() {
    const theme: ThemeMode = get().theme === 'dark' ? 'light' : 'dark';
    localStorage.setItem(THEME_KEY, theme);
    set({ theme });
  },
  setLanguage(language) {
    cookies.set(LANGUAGE_COOKIE, language);
    latestLanguage = language;
    // The store changes once the texts are in, so antd and our texts switch together; of two
    // quick switches, the last one wins.
    void applyLanguage(language).then(() => {
      if (latestLanguage === language) set({ language });
    });
  },
  setSidebarOpen(open) {
    cookies.set(SIDEBAR_COOKIE, open ? '1' : '0');
    set({ sidebarOpen: open });
  },
}));
