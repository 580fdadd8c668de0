import type { ParseArgsOptionsConfig } from 'node:util';
import type { ExitCodeValue } from './exit-codes.js';
import type { ConsoleClient } from './http-client.js';
import type { OpenHub } from './hub.js';
import type { Output } from './output.js';

export type OptionValues = Record<string, string | boolean | undefined>;

/** What a command gets: its parsed options, a client of the console, where to print. */
export interface CommandContext {
  values: OptionValues;
  positionals: string[];
  client: ConsoleClient;
  openHub: OpenHub;
  out: Output;
  /** All of stdin, as text (`ferry run -`). */
  readStdin(): Promise<string>;
}

/** One `ferry` command: its help and what it does; answers the exit code. */
export interface Command {
  name: string;
  summary: string;
  /** The positional arguments, as the usage line names them (`PROJECT`). */
  args: readonly string[];
  /** Usage tail after the arguments, e.g. `[--wait] [--timeout 10m]`. */
  usage: string;
  /** One line per option: `--wait  follow the deploy's log until it ends`. */
  optionHelp: readonly (readonly [string, string])[];
  /** More words for `--help`: examples, exit codes. */
  notes?: readonly string[];
  options: ParseArgsOptionsConfig;
  run(ctx: CommandContext): Promise<ExitCodeValue>;
}
