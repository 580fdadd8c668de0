import { spawn } from 'node:child_process';
import { FERRY_BIN } from './build-ferry.js';

export interface FerryRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built `ferry` as a child process with `env` only (no FERRY_* of the test's own), feeds
 * it `stdin`, and calls `onStdout` with all of stdout so far on every chunk (to act when a line
 * shows). Every run is kept in `runs`, for the checks that look through all the output.
 */
export function ferryRunner(runs: FerryRun[]) {
  return (
    args: readonly string[],
    opts: {
      env: Record<string, string>;
      stdin?: string;
      onStdout?: (sofar: string) => void;
    },
  ): Promise<FerryRun> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [FERRY_BIN, ...args], {
        env: { PATH: process.env.PATH ?? '', ...opts.env },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const run: FerryRun = { code: null, stdout: '', stderr: '' };
      runs.push(run);
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        run.stdout += chunk;
        opts.onStdout?.(run.stdout);
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (run.stderr += chunk));
      child.on('error', reject);
      child.on('close', (code) => {
        run.code = code;
        resolve(run);
      });
      child.stdin.end(opts.stdin ?? '');
    });
}
