// Type-checks every workspace that has a tsconfig, in parallel.
import fs from 'node:fs';
import path from 'node:path';
import { root, run } from './lib.mjs';

const packages = ['contract', 'server', 'web', 'e2e', 'bench'].filter((p) =>
  fs.existsSync(path.join(root, p, 'tsconfig.json')),
);
const codes = await Promise.all(packages.map((p) => run('npx', ['tsc', '--noEmit', '-p', p])));
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
