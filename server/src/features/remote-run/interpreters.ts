import type { ScriptInterpreter } from '@ferry/contract';
import type { RemoteCommand } from '../../infra/ssh/exec.js';

/**
 * How each interpreter reads a script from its standard input: the script never appears on a
 * command line (no length limit, nothing for `ps` to show), and no quoting is involved.
 */
const ARGV: Record<ScriptInterpreter, readonly string[]> = {
  bash: ['bash', '-s'],
  sh: ['sh', '-s'],
  python: ['python3', '-'],
};

export const interpreterCommand = (interpreter: ScriptInterpreter): RemoteCommand => ({
  argv: ARGV[interpreter],
});
