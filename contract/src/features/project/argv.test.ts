import { describe, expect, it } from 'vitest';
import { parseArgv } from './argv.js';

describe('parseArgv', () => {
  it.each<[string, string[]]>([
    ['', []],
    [' \t\n ', []],
    ['-rtv --exclude .git --delete-after', ['-rtv', '--exclude', '.git', '--delete-after']],
    ['  -a\t\t-b\n-c  ', ['-a', '-b', '-c']],
    ["--exclude='a b'", ['--exclude=a b']],
    ['--exclude="a b"', ['--exclude=a b']],
    ['\'a\'"b"c', ['abc']],
    ["''", ['']],
    ['""', ['']],
    ["a '' b", ['a', '', 'b']],
    [String.raw`a\ b`, ['a b']],
    [String.raw`\'x`, ["'x"]],
    [String.raw`'a\b'`, [String.raw`a\b`]],
    [String.raw`"say \"hi\" \\ ok"`, [String.raw`say "hi" \ ok`]],
    [String.raw`"a\b"`, [String.raw`a\b`]],
    ['"it\'s"', ["it's"]],
    ['"$(id)" `id` $HOME', ['$(id)', '`id`', '$HOME']],
  ])('splits %j', (text, args) => {
    expect(parseArgv(text)).toEqual(args);
  });

  it.each([
    ["--exclude='a b", 'has an unterminated single quote'],
    ['--exclude="a b', 'has an unterminated double quote'],
    [String.raw`"a\"`, 'has an unterminated double quote'],
    ['-a \\', 'must not end with a backslash'],
    ['abc\\\\\\', 'must not end with a backslash'],
  ])('refuses %j', (text, problem) => {
    expect(parseArgv(text)).toEqual({ problem });
  });
});
