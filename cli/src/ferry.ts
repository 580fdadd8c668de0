import { commandHelp, overallHelp, parseCommandLine } from './args.js';
import type { Command } from './command.js';
import { deployCommand } from './commands/deploy.js';
import { logCommand } from './commands/log.js';
import { projectsCommand } from './commands/projects.js';
import { rollbackCommand } from './commands/rollback.js';
import { runCommand } from './commands/run.js';
import { serversCommand } from './commands/servers.js';
import { statusCommand } from './commands/status.js';
import { whoamiCommand } from './commands/whoami.js';
import { resolveConnection } from './connection.js';
import { CliError, ExitCode, usageError, type ExitCodeValue } from './exit-codes.js';
import { ConsoleClient, type Fetch } from './http-client.js';
import { openHub as realOpenHub, type OpenHub } from './hub.js';
import { Output, type Streams } from './output.js';
import { redact } from './redact.js';

export const COMMANDS: readonly Command[] = [
  deployCommand,
  statusCommand,
  logCommand,
  rollbackCommand,
  projectsCommand,
  serversCommand,
  runCommand,
  whoamiCommand,
];

export interface Environment {
  argv: readonly string[];
  env: Record<string, string | undefined>;
  streams: Streams;
  readStdin(): Promise<string>;
  fetch?: Fetch;
  openHub?: OpenHub;
}

/** Runs one `ferry` command line; answers the exit code. Nothing here calls `process.exit`. */
export async function ferry(e: Environment): Promise<ExitCodeValue> {
  const [name, ...rest] = e.argv;
  const json = rest.includes('--json');
  const out = new Output(e.streams, json, e.env);
  let secret = '';
  try {
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
      out.line(overallHelp(COMMANDS));
      return name === undefined ? ExitCode.usage : ExitCode.ok;
    }
    const command = COMMANDS.find((c) => c.name === name);
    if (!command) throw usageError(`unknown command "${name}" (see ferry --help)`);
    const { values, positionals } = parseCommandLine(command, rest);
    if (values.help) {
      out.line(commandHelp(command));
      return ExitCode.ok;
    }
    const connection = resolveConnection(values, e.env);
    secret = connection.apiKey;
    return await command.run({
      values,
      positionals,
      client: new ConsoleClient(connection, e.fetch),
      openHub: e.openHub ?? realOpenHub,
      out,
      readStdin: () => e.readStdin(),
    });
  } catch (err) {
    const known = err instanceof CliError;
    const exitCode = known ? err.exitCode : ExitCode.failed;
    // SECURITY: whatever went wrong, the key is never printed.
    const message = redact(known ? err.message : `unexpected error: ${String(err)}`, secret);
    if (json) {
      out.document({ error: message, exitCode, ...(known ? err.details : {}) });
    }
    out.error(`ferry: ${message}`);
    return exitCode;
  }
}
