import { describe, expect, it } from 'vitest';
import { rsyncOptionProblem, seedOptions } from './rsync-options.js';

describe('rsyncOptionProblem', () => {
  it('accepts flags, option values as the next word or after =, and value clusters', () => {
    const usable = [
      ['-rtv', '--exclude', '.git', '--delete-after'],
      ['-avz', '--exclude=node_modules', '--chmod=D755,F644'],
      ['-f', '- *.o', '-r'],
      ['-rf', '- *.o'],
      ['-rf- *.tmp'],
      ['--filter', ':- .gitignore', '--bwlimit', '100'],
      ['-E', '--rsync-path', 'sudo rsync'],
      ['-T', '/tmp', '-B', '2048', '-M', '--fake-super'],
      [],
    ];
    for (const options of usable)
      expect(rsyncOptionProblem(options), options.join(' ')).toBe(undefined);
  });

  it('refuses the remote shell in every spelling, naming the word', () => {
    for (const word of ['-e', '-ave', '-avze', '--rsh', '--rsh=ssh -p 2']) {
      const problem = rsyncOptionProblem(['-r', word, 'ssh']);
      expect(problem).toContain(`"${word}"`);
      expect(problem).toMatch(/remote shell/);
    }
  });

  it('refuses paths and other bare words, which would add sources or destinations', () => {
    expect(rsyncOptionProblem(['-r', '/etc/'])).toMatch(/"\/etc\/" is not an option/);
    expect(rsyncOptionProblem(['-r', 'evil:/root/'])).toMatch(/"evil:\/root\/"/);
    expect(rsyncOptionProblem(['--exclude', '.git', 'x'])).toMatch(/"x" is not an option/);
    expect(rsyncOptionProblem(['-r', '--', '-x'])).toMatch(/"--"/);
    expect(rsyncOptionProblem(['-'])).toMatch(/"-" is not an option/);
  });

  it('refuses a missing value and the options that change who runs where', () => {
    expect(rsyncOptionProblem(['-r', '--exclude'])).toMatch(/"--exclude" needs a value/);
    expect(rsyncOptionProblem(['-rf'])).toMatch(/"-rf" needs a value/);
    expect(rsyncOptionProblem(['--server'])).toMatch(/"--server" is not allowed/);
    expect(rsyncOptionProblem(['--daemon'])).toMatch(/not allowed/);
  });
});

describe('seedOptions', () => {
  it('links unchanged files from the previous release', () => {
    expect(seedOptions(['-rt', '--delete'], '/srv/releases/a1')).toEqual([
      '--link-dest=/srv/releases/a1',
    ]);
  });

  it('seeds nothing when rsync would write in place or the options name a basis of their own', () => {
    for (const word of ['--inplace', '--append', '--append-verify', '--link-dest=/x']) {
      expect(seedOptions(['-rt', word], '/srv/releases/a1'), word).toEqual([]);
    }
    expect(seedOptions(['-rt', '--compare-dest', '/x'], '/srv/releases/a1')).toEqual([]);
    expect(seedOptions(['-rt', '--copy-dest=/x'], '/srv/releases/a1')).toEqual([]);
  });
});
