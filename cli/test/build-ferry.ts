import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const cliDir = path.resolve(import.meta.dirname, '..');
/** The built command the integration tests run, as a pipeline runs it. */
export const FERRY_BIN = path.join(cliDir, 'bin', 'ferry.mjs');

/** vitest's global set-up: builds `dist/ferry.mjs` (tsdown, a fraction of a second). */
export default function buildFerry(): void {
  const tsdownPackage = createRequire(path.join(cliDir, 'package.json')).resolve(
    'tsdown/package.json',
  );
  const bin = path.join(path.dirname(tsdownPackage), 'dist', 'run.mjs');
  execFileSync(process.execPath, [bin, '--logLevel', 'warn'], { cwd: cliDir, stdio: 'inherit' });
  if (!fs.existsSync(path.join(cliDir, 'dist', 'ferry.mjs'))) throw new Error('no ferry build');
}
