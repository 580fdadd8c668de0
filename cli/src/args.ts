import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import type { Command, OptionValues } from './command.js';
import { usageError } from './exit-codes.js';

/** Options every command takes. */
export const GLOBAL_OPTIONS = {
  url: { type: 'string' },
  'api-key': { type: 'string' },
  namespace: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsOptionsConfig;

export const GLOBAL_HELP: readonly (readonly [string, string])[] = [
  ['--url URL', 'the console (default: $FERRY_URL)'],
  ['--api-key KEY', 'an API key (default: $FERRY_API_KEY; prefer the variable in CI)'],
  ['--namespace ID', 'the namespace id (default: $FERRY_NAMESPACE)'],
  ['--json', 'print one JSON document to stdout'],
  ['-h, --help', 'show this help'],
];

export interface ParsedCommandLine {
  values: OptionValues;
  positionals: string[];
}

/**
 * The arguments after the command's name, checked against its options; a wrong option or a
 * missing or extra argument is a usage error. `--help` skips the argument count check.
 */
export function parseCommandLine(command: Command, argv: readonly string[]): ParsedCommandLine {
  let parsed: { values: OptionValues; positionals: string[] };
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: { ...GLOBAL_OPTIONS, ...command.options },
      allowPositionals: true,
      strict: true,
    });
    parsed = { values, positionals };
  } catch (err) {
    throw usageError(`${(err as Error).message.split('\n')[0]} (see ferry ${command.name} --help)`);
  }
  if (parsed.values.help) return parsed;
  const { positionals } = parsed;
  if (positionals.length < command.args.length) {
    const missing = command.args.slice(positionals.length).join(' ');
    throw usageError(
      `ferry ${command.name}: ${missing} is missing (see ferry ${command.name} --help)`,
    );
  }
  if (positionals.length > command.args.length) {
    const extra = positionals.slice(command.args.length).join(' ');
    throw usageError(
      `ferry ${command.name}: unexpected "${extra}" (see ferry ${command.name} --help)`,
    );
  }
  return parsed;
}

/** `--help` of one command. */
export function commandHelp(command: Command): string {
  const usage = ['ferry', command.name, ...command.args, command.usage].filter(Boolean).join(' ');
  return [
    `Usage: ${usage}`,
    '',
    command.summary,
    '',
    'Options:',
    ...helpRows([...command.optionHelp, ...GLOBAL_HELP]),
    ...(command.notes ? ['', ...command.notes] : []),
  ].join('\n');
}

/** `ferry --help`: every command with its summary. */
export function overallHelp(commands: readonly Command[]): string {
  return [
    'Usage: ferry COMMAND [options]',
    '',
    'Deploys and inspects projects on a Ferry (or goploy) console, for CI pipelines.',
    '',
    'Commands:',
    ...helpRows(commands.map((c) => [c.name, c.summary])),
    '',
    'Configuration: FERRY_URL, FERRY_API_KEY and FERRY_NAMESPACE, or --url, --api-key and',
    '--namespace. Exit codes: 0 success, 1 failed, 2 refused (permission, review), 3 timeout,',
    '64 a wrong command line. Run ferry COMMAND --help for its options.',
  ].join('\n');
}

function helpRows(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`);
}
