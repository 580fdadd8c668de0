/**
 * What every page runs on, below the features and above ui/, api/ and auth/ (decision 0041): the
 * route root and the authenticated route with its guard, the texts and their loader, the
 * preferences with their controls, the query cache, the tabs the user has open, and the providers
 * around the whole app. Features and the app import it from here and nothing deeper; it imports
 * no feature and nothing of `app/`.
 */
export { AppProviders } from './AppProviders';
export { FeedbackProvider } from './FeedbackProvider';
export { nonceOnNewStyles } from './csp/nonceOnNewStyles';
export { pageNonce } from './csp/pageNonce';
export { styleAttributesThroughCssom } from './csp/styleAttributesThroughCssom';
export { applyLanguage } from './i18n/applyLanguage';
export { initI18n } from './i18n/initI18n';
export { LANGUAGE_LABELS, LANGUAGES, type Language } from './i18n/languages';
export { loadNamespaces, type Namespace } from './i18n/loadNamespaces';
export { loadDialogTexts } from './i18n/namespaceParts';
export { namespaces } from './i18n/resources';
export { LanguageSwitch } from './preferences/LanguageSwitch';
export { ThemeToggle } from './preferences/ThemeToggle';
export { usePreferences, type ThemeMode } from './preferences/usePreferences';
export { queryClient } from './queryClient';
export { appRoute } from './router/appRoute';
export { rootRoute } from './router/rootRoute';
export type { MenuTitleKey, RouteMeta } from './router/RouteMeta';
export type { RouterContext } from './router/RouterContext';
export { sectionRedirect, type SectionPage } from './router/sectionRedirect';
export type { TabView } from './tabs/tabViews';
export { useTabs } from './tabs/useTabs';
