// Type-checks every workspace that has a tsconfig with TypeScript 7, the native compiler, two
// workspaces at a time, each on one thread (docs/decisions/0043): on two cores its own checker
// threads only repeated each other's work.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { root, run } from './lib.mjs';

const tsc = path.join(
  path.dirname(createRequire(import.meta.url).resolve('typescript-go/package.json')),
  'bin',
  'tsc',
);
const packages = ['web', 'server', 'e2e', 'bench', 'contract', 'cli'].filter((p) =>
  fs.existsSync(path.join(root, p, 'tsconfig.json')),
);
const queue = [...packages];
const codes = [];
async function lane() {
  for (let p = queue.shift(); p; p = queue.shift()) {
    codes.push(await run(process.execPath, [tsc, '--noEmit', '--singleThreaded', '-p', p]));
  }
}
await Promise.all([lane(), lane()]);
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
