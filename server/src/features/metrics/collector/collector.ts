import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The collector's file name. It sits beside this module in the source tree, and beside the
 * bundle (`dist/`) in a build, which copies it there (`tsdown.config.ts`): both resolve it
 * relative to the running module.
 */
export const COLLECTOR_FILE = 'collect.sh';

let script: string | undefined;

/**
 * The metrics collector (`collect.sh`): a POSIX sh script that prints one sample a line,
 * `<type> <item> <value>`, after sampling the counters one second apart. Read once.
 */
export function collectorScript(): string {
  script ??= fs.readFileSync(
    path.join(path.dirname(fileURLToPath(import.meta.url)), COLLECTOR_FILE),
    'utf8',
  );
  return script;
}
