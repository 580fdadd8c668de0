import { defineConfig } from 'tsdown';

/**
 * The server as one ES module, `dist/main.mjs`, that plain `node` runs: the contract workspace
 * (published as TypeScript source) is bundled in; npm dependencies stay in node_modules. Files
 * the server sends to servers as they are (the metrics collector) are copied beside the bundle.
 */
export default defineConfig({
  entry: ['src/main.ts'],
  format: 'esm',
  platform: 'node',
  target: 'node22',
  outDir: 'dist',
  fixedExtension: true,
  sourcemap: true,
  dts: false,
  deps: { alwaysBundle: ['@ferry/contract'] },
  copy: ['src/features/metrics/collector/collect.sh'],
});
