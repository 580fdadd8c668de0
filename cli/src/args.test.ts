import { describe, expect, it } from 'vitest';
import { commandHelp, overallHelp, parseCommandLine } from './args.js';
import type { Command } from './command.js';
import { ExitCode } from './exit-codes.js';

const deploy: Command = {
  name: 'deploy',
  summary: 'Publishes a project.',
  args: ['PROJECT'],
  usage: '[--wait]',
  optionHelp: [['--wait', 'follow it']],
  options: { wait: { type: 'boolean' }, timeout: { type: 'string' } },
  run: () => Promise.resolve(ExitCode.ok),
};

const usageOf = (argv: string[]) => {
  try {
    parseCommandLine(deploy, argv);
  } catch (err) {
    return { message: (err as Error).message, exitCode: (err as { exitCode: number }).exitCode };
  }
  throw new Error('no usage error');
};

describe('parseCommandLine', () => {
  it("reads the command's options, the global ones and the arguments", () => {
    const { values, positionals } = parseCommandLine(deploy, [
      'web',
      '--wait',
      '--timeout',
      '90s',
      '--json',
      '--namespace',
      '3',
    ]);
    expect(positionals).toEqual(['web']);
    expect(values).toMatchObject({ wait: true, timeout: '90s', json: true, namespace: '3' });
  });

  it('refuses an unknown option, a missing argument and an extra one', () => {
    expect(usageOf(['web', '--force'])).toMatchObject({ exitCode: 64 });
    expect(usageOf(['web', '--force']).message).toContain("'--force'");
    expect(usageOf([])).toEqual({
      exitCode: 64,
      message: 'ferry deploy: PROJECT is missing (see ferry deploy --help)',
    });
    expect(usageOf(['web', 'shop']).message).toContain('unexpected "shop"');
  });

  it('takes --help without the arguments', () => {
    expect(parseCommandLine(deploy, ['--help']).values.help).toBe(true);
  });
});

describe('help', () => {
  it('lists the usage, the options with the global ones, and every command', () => {
    const help = commandHelp(deploy);
    expect(help.split('\n')[0]).toBe('Usage: ferry deploy PROJECT [--wait]');
    expect(help).toContain('  --wait          follow it\n');
    expect(help).toContain('--api-key KEY');
    expect(overallHelp([deploy])).toMatch(/^ {2}deploy {2}Publishes a project\.$/m);
  });
});
