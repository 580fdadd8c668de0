// `npm run import:goploy -- --from mysql://…`: on a supported Node, install and build what is
// missing (as `npm start` does), then run the compiled import with the arguments given.
import { ensureNodeModules, ensureServerBuild, importEntry, root, run } from './lib.mjs';
import { useSupportedNode } from './runtime.mjs';

await useSupportedNode();

for (const step of [ensureNodeModules, ensureServerBuild]) {
  const code = await step();
  if (code !== 0) process.exit(code);
}

const code = await run(
  process.execPath,
  ['--enable-source-maps', importEntry, ...process.argv.slice(2)],
  { cwd: root },
);
process.exit(code);
