/**
 * The project README, opened from the user menu. The repository's public address is not settled
 * yet: override it with VITE_FERRY_DOCS_URL at build time.
 */
export const DOCS_URL: string =
  import.meta.env.VITE_FERRY_DOCS_URL ?? 'https://github.com/ferry-deploy/ferry#readme';
