import { shellQuote } from '../../../infra/ssh/quote.js';
import { failed, passed, type ItemCheck } from './check-item.js';
import { execOnItem, type ExecOnServer } from './server-item.js';

/**
 * The script that finds a process whose command line holds `name` as a fixed string (no pattern,
 * no shell: the name is quoted by the one quoting helper and read by awk from the environment,
 * where no escape is interpreted). The checking script's own process group (the shell, `ps`,
 * `awk` and the command's wrapper) and the shell's children are left out, so the check never
 * finds itself. Exit 0: found (their pids and command lines on stdout); 1: none.
 */
export function processScript(name: string): string {
  return `FERRY_PROCESS=${shellQuote(name)}
export FERRY_PROCESS
group=$(ps -o pgid= -p $$ | tr -d ' ')
ps -e -o pid=,ppid=,pgid=,args= | awk -v self="$$" -v group="$group" '
{
  pid = $1; ppid = $2; pgid = $3
  sub(/^[ \\t]*[0-9]+[ \\t]+[0-9]+[ \\t]+[0-9]+[ \\t]?/, "")
  if (pid == self || ppid == self || (group != "" && pgid == group)) next
  if (index($0, ENVIRON["FERRY_PROCESS"]) > 0) { print pid " " $0; found = 1 }
}
END { exit found ? 0 : 1 }'
`;
}

/**
 * A process check: on each item's server (a server id), a process whose command line holds
 * `target.process` must be running. The script is sent as built, no variable substituted.
 */
export function processCheck(exec: ExecOnServer): ItemCheck {
  return async (item, target, ctx) => {
    const name = target.process;
    if (name.trim() === '') return failed('No process name to look for.');
    if (name.includes('\0') || name.includes('\n')) {
      return failed('A process name cannot hold a line break or NUL byte.');
    }
    const r = await execOnItem(exec, item, processScript(name), {
      ...ctx,
      timeoutS: target.timeout,
      substitute: false,
    });
    if ('error' in r) return failed(r.error);
    if (r.code === 0) return passed();
    if (r.code === 1 && r.stderr.trim() === '') {
      return failed(`No process "${name}" is running on server ${item}.`);
    }
    const said = (r.stderr || r.stdout).trim().slice(-1024);
    return failed(
      `Looking for process "${name}" failed (exit status ${r.code ?? r.signal}): ${said}`,
    );
  };
}
