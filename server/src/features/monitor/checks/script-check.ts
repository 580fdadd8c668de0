import { failed, passed, type ItemCheck } from './check-item.js';
import { execOnItem, type ExecOnServer } from './server-item.js';

/** A failing script's output is kept to this many characters in the message (its end). */
export const SCRIPT_MESSAGE_CHARS = 4096;

/**
 * A script check: `target.script` run by `sh` on each item's server (a server id), the server
 * variables substituted; exit status 0 passes. A failure's message is the script's stdout and
 * stderr (trimmed, its last 4 KiB) and the exit status.
 */
export function scriptCheck(exec: ExecOnServer): ItemCheck {
  return async (item, target, ctx) => {
    if (target.script.trim() === '') return failed('No script to run.');
    const r = await execOnItem(exec, item, target.script, {
      ...ctx,
      timeoutS: target.timeout,
      substitute: true,
    });
    if ('error' in r) return failed(r.error);
    if (r.code === 0) return passed();
    const output = [r.stdout.trim(), r.stderr.trim()].filter((s) => s !== '').join('\n');
    const status = `exit status ${r.code ?? r.signal ?? 'unknown'}`;
    const kept =
      output.length > SCRIPT_MESSAGE_CHARS ? `…${output.slice(-SCRIPT_MESSAGE_CHARS)}` : output;
    return failed(kept === '' ? `The script failed with ${status}.` : `${kept}\n(${status})`);
  };
}
