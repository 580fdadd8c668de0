#!/usr/bin/env node
// The `ferry` command: the built bundle. This file exists before the build, so npm links the
// command into a checkout's node_modules/.bin at install time and `npx ferry` finds it.
import fs from 'node:fs';

const bundle = new URL('../dist/ferry.mjs', import.meta.url);
if (!fs.existsSync(bundle)) {
  process.stderr.write('ferry is not built yet: run `npm run build -w @ferry/cli` first\n');
  process.exit(2);
}
await import(bundle.href);
