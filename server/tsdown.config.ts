import { defineConfig } from 'tsdown';

/**
 * The server as one ES module, `dist/main.mjs`, that plain `node` runs (and the goploy import,
 * `dist/import-goploy.mjs`, beside it): the contract workspace
 * (published as TypeScript source) is bundled in; npm dependencies stay in node_modules; the
 * shell scripts sent to servers are copied beside it.
 */
export default defineConfig({
  entry: ['src/main.ts', 'src/import-goploy.ts'],
  format: 'esm',
  platform: 'node',
  target: 'node22',
  outDir: 'dist',
  fixedExtension: true,
  sourcemap: true,
  dts: false,
  deps: { alwaysBundle: ['@ferry/contract'] },
  // Scripts the console sends to servers, read beside the bundle.
  copy: [
    { from: 'src/features/metrics/collector/collect.sh' },
    { from: 'src/features/metrics/agent/agent-loop.sh' },
    { from: 'src/features/cron/remote/cron-run.sh' },
  ],
});
