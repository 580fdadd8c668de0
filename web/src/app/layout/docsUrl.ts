/**
 * The documentation opened from the user menu: the project README, shipped with the built app
 * (see vite.config.ts). VITE_FERRY_DOCS_URL points it elsewhere, e.g. an internal wiki.
 */
export const DOCS_URL: string = import.meta.env.VITE_FERRY_DOCS_URL ?? '/README.md';
