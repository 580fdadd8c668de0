import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Variables } from '../../../core/variables.js';
import { shellQuote } from '../../../infra/ssh/quote.js';

/**
 * The loop runner's file name. It sits beside this module in the source tree, and beside the
 * bundle (`dist/`) in a build, which copies it there (`tsdown.config.ts`).
 */
export const AGENT_LOOP_FILE = 'agent-loop.sh';

const here = path.dirname(fileURLToPath(import.meta.url));
let loop: string | undefined;

/** The agent's loop runner (`agent-loop.sh`), read once. */
export function agentLoopScript(): string {
  loop ??= fs.readFileSync(path.join(here, AGENT_LOOP_FILE), 'utf8');
  return loop;
}

/** What an install writes on every server (the key and the server id are per server). */
export interface AgentSetup {
  /** As the form gave it: absolute, or under the home (`~/…`). */
  installPath: string;
  /** The console's address as the server reaches it, without a trailing slash. */
  reportUrl: string;
  intervalS: number;
  tool: '' | 'curl' | 'wget';
}

/**
 * SECURITY: the directory as a shell word: `~/x` becomes `"$HOME"/'x'`, anything else is quoted
 * whole. The contract already refused `.`/`..` parts and anything but a plain path.
 */
export function agentDirWord(installPath: string): string {
  return installPath.startsWith('~/')
    ? `"$HOME"/${shellQuote(installPath.slice(2))}`
    : shellQuote(installPath);
}

/**
 * Both scripts' words that come from the form, as variables of values already shell-quoted: the
 * engine substitutes them in one pass, so no value is read as script (nor substituted again).
 */
export function agentVariables(s: Pick<AgentSetup, 'installPath'> & Partial<AgentSetup>) {
  const vars: Variables = { AGENT_DIR: agentDirWord(s.installPath) };
  if (s.reportUrl !== undefined) vars.AGENT_URL = shellQuote(s.reportUrl);
  if (s.intervalS !== undefined) vars.AGENT_INTERVAL = String(s.intervalS);
  if (s.tool !== undefined) vars.AGENT_TOOL = shellQuote(s.tool);
  return vars;
}

/** The variables of one server: its key (quoted all the same) and the directory of its agent. */
export const agentKeyVariables = (key: string, oldPath: string): Variables => ({
  AGENT_KEY: shellQuote(key),
  AGENT_OLD_DIR: oldPath ? agentDirWord(oldPath) : "''",
});

/** A here-document delimiter that the text does not contain as a line. */
function heredoc(name: string, text: string): string {
  if (text.split('\n').includes(name)) throw new Error(`${name} appears in the text`);
  return `<<'${name}'\n${text.endsWith('\n') ? text : `${text}\n`}${name}`;
}

/** The words any embedded file must not hold: the engine would substitute them. */
const SUBSTITUTED = /\$\{(AGENT_[A-Z]+|SERVER_[A-Z_]+)\}/;

function embedded(name: string, text: string): string {
  if (SUBSTITUTED.test(text)) throw new Error(`${name} holds a \${AGENT_…} or \${SERVER_…} word`);
  return text;
}

/** The start both scripts share: the directory, and the loop runner of this console in `$loop`. */
function prelude(): string[] {
  const loopText = embedded(AGENT_LOOP_FILE, agentLoopScript());
  return [
    'set -u',
    'dir=${AGENT_DIR}',
    'FERRY_AGENT_DIR=$dir',
    'export FERRY_AGENT_DIR',
    `loop=$(cat ${heredoc('FERRY_AGENT_LOOP', loopText)}\n)`,
    'agent() { sh -c "$loop" agent-loop.sh "$@"; }',
  ];
}

/**
 * Installs (or installs again) the agent: removes an agent this server had in another directory
 * (`AGENT_OLD_DIR`), writes the loop runner, the collector, the key and the settings in the
 * directory (readable by the login user alone), stops an agent already there, sends one report
 * (so the install fails, saying why, when the console refuses it or cannot be reached), then
 * starts it at boot and now. Idempotent.
 */
export function installScript(collector: string): string {
  const collectorText = embedded('collect.sh', collector);
  return [
    ...prelude(),
    'umask 077',
    'old=${AGENT_OLD_DIR}',
    'if [ -n "$old" ] && [ "$old" != "$dir" ]; then FERRY_AGENT_DIR=$old agent remove; fi',
    'echo "Installing the metrics agent in $dir"',
    'mkdir -p "$dir" && chmod 700 "$dir" || exit 1',
    'agent stop',
    `printf '%s\\n' "$loop" >"$dir/agent-loop.sh"`,
    `cat >"$dir/collect.sh" ${heredoc('FERRY_AGENT_COLLECTOR', collectorText)}`,
    'printf \'%s\\n\' ${AGENT_KEY} >"$dir/agent.key"',
    'printf \'%s\\n\' url=${AGENT_URL} server=${SERVER_ID} interval=${AGENT_INTERVAL} tool=${AGENT_TOOL} >"$dir/agent.conf"',
    'echo "Sending a first report to ${AGENT_URL}"',
    'agent once >/dev/null || exit 1',
    'echo "The console accepted it"',
    'agent enable || exit 1',
    '',
  ].join('\n');
}

/**
 * Removes the agent: stops it (unit, supervised loop), removes its start-up entry, every file it
 * wrote and its directory when nothing else is in it. Runs the loop runner of this console, so
 * it works whatever is left on the server. Idempotent.
 */
export function uninstallScript(): string {
  return [...prelude(), 'agent remove', ''].join('\n');
}
