/**
 * The routes file behind each routes namespace of the contract's entry, read from its
 * `export * as <group>Routes from './features/…routes.js';` lines: group → path relative to `src/`.
 */
export function routeFilesOf(indexSource: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const m of indexSource.matchAll(/^export \* as (\w+Routes) from '(\.\/[^']+)';$/gm)) {
    files.set(m[1]!, m[2]!);
  }
  return files;
}
