import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ScriptMode } from '@ferry/contract';
import { runCommand } from '../../infra/process/run-command.js';
import type { Variables } from './deploy-variables.js';
import type { StageOutput } from './deploy-log.js';

/** The interpreter of each script mode, and how it reads a script from stdin. */
const INTERPRETERS: Record<ScriptMode, { program: string; stdinArgs: string[] }> = {
  bash: { program: 'bash', stdinArgs: ['-s'] },
  sh: { program: 'sh', stdinArgs: ['-s'] },
  zsh: { program: 'zsh', stdinArgs: ['-s'] },
  python: { program: 'python3', stdinArgs: ['-'] },
  php: { program: 'php', stdinArgs: [] },
  node: { program: 'node', stdinArgs: ['-'] },
};

export const interpreterOf = (mode: string) =>
  INTERPRETERS[(mode || 'bash') as ScriptMode] ?? INTERPRETERS.bash;

/** How a script run ended. */
export interface ScriptOutcome {
  ok: boolean;
  /** Why it failed, for the trace and the deploy's error. */
  error: string;
}

/** The environment of a local script: a plain base, and the deploy's variables. */
function scriptEnv(vars: Variables): NodeJS.ProcessEnv {
  const base = ['PATH', 'HOME', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR', 'USER', 'SHELL'];
  const env: NodeJS.ProcessEnv = {};
  for (const k of base) if (process.env[k] !== undefined) env[k] = process.env[k];
  return { ...env, ...vars };
}

/**
 * Runs a script on the console host from a file with the stage's interpreter, in `cwd` (the
 * working copy). The file lives in a private temp dir, not in the working copy, so it is never
 * shipped with the code. Output streams line by line into `out`.
 */
export async function runLocalScript(opts: {
  mode: string;
  content: string;
  cwd: string;
  vars: Variables;
  timeoutMs: number;
  signal: AbortSignal;
  out: StageOutput;
}): Promise<ScriptOutcome> {
  const { program } = interpreterOf(opts.mode);
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'ferry-script-'));
  const file = path.join(dir, `script.${opts.mode || 'bash'}`);
  try {
    await fs.promises.writeFile(file, opts.content, { mode: 0o600 });
    const result = await runCommand(program, [file], {
      cwd: opts.cwd,
      env: scriptEnv(opts.vars),
      timeoutMs: opts.timeoutMs,
      signal: opts.signal,
      onOutput: (chunk) => opts.out.push(chunk),
    });
    opts.out.flush();
    if (result.aborted) return { ok: false, error: 'cancelled' };
    if (result.timedOut) {
      return { ok: false, error: `timed out after ${Math.round(opts.timeoutMs / 1000)} s` };
    }
    if (result.code !== 0)
      return { ok: false, error: `exit status ${result.code ?? result.signal}` };
    return { ok: true, error: '' };
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return { ok: false, error: `${program} could not be started (${why})` };
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
