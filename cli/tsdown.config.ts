import { defineConfig } from 'tsdown';

/**
 * `ferry` as one ES module, `dist/ferry.mjs`, with no runtime dependency: the few contract
 * pieces it uses (route paths, hub frame types, the permission names) are bundled in, and
 * Node's own `fetch` and `WebSocket` do the talking (docs/decisions/0052).
 */
export default defineConfig({
  entry: { ferry: 'src/main.ts' },
  format: 'esm',
  platform: 'node',
  target: 'node22',
  outDir: 'dist',
  fixedExtension: true,
  sourcemap: false,
  dts: false,
  deps: { alwaysBundle: ['@ferry/contract'] },
});
