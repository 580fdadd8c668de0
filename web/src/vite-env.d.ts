interface ImportMetaEnv {
  /** Where the user menu's "Documentation" entry points; set at build time. */
  readonly VITE_FERRY_DOCS_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
