import { describe, expect, it } from 'vitest';
import { comparisonOptions, rsyncOptionProblem, seedingOf, seedOptions } from './rsync-options.js';

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

describe('comparisonOptions', () => {
  it('compares times to the nanosecond, unless the options chose how files compare', () => {
    for (const options of [[], ['-rt'], ['-rtv', '--exclude', '.git', '--delete-after'], ['-a']]) {
      expect(comparisonOptions(options), options.join(' ')).toEqual(['--modify-window=-1']);
    }
    const chosen = [['--checksum'], ['-rtc'], ['--size-only'], ['-I'], ['-@', '2']];
    for (const words of [...chosen, ['--modify-window=1'], ['--ignore-times']]) {
      expect(comparisonOptions(['-rt', ...words]), words.join(' ')).toEqual([]);
    }
  });
});

describe('seedOptions', () => {
  it('links unchanged files from the previous release', () => {
    expect(seedOptions(['-rt', '--delete'], '/srv/releases/a1')).toEqual([
      '--link-dest=/srv/releases/a1',
    ]);
    expect(seedOptions(['--modify-window=1'], '/r/a1', true)).toEqual([
      '--delete',
      '--delete-excluded',
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

describe('seedingOf', () => {
  it('seeds by a copy of links when the options change no attribute but times and skip nothing', () => {
    for (const options of [
      [],
      ['-rt'],
      ['-rtv', '--exclude', '.git', '--delete-after'],
      ['-rlt'],
    ]) {
      expect(seedingOf(options), options.join(' ')).toBe('copy');
    }
    expect(seedOptions(['-rt'], '/srv/releases/a1', true)).toEqual([
      '--delete',
      '--delete-excluded',
    ]);
  });

  it('lets rsync link when the options would change a linked file where it stands or keep it', () => {
    const keeps = [
      ['-a'],
      ['-avz'],
      ['-rtp'],
      ['-rt', '--perms'],
      ['-rt', '--chmod=u+x'],
      ['-rt', '--chown', 'www:www'],
      ['-rtu'],
      ['-rt', '--ignore-existing'],
      ['-rt', '--max-delete=5'],
      ['-rtb'],
      ['-rtX'],
    ];
    for (const options of keeps) expect(seedingOf(options), options.join(' ')).toBe('link');
    expect(seedOptions(['-a'], '/srv/releases/a1', true)).toEqual(['--link-dest=/srv/releases/a1']);
  });

  it('reads a short cluster only up to an option that takes a value', () => {
    // -f takes the rest of the word as its rule: its "a" is no archive flag.
    expect(seedingOf(['-rtf- *.tmp a'])).toBe('copy');
    expect(seedingOf(['-rtf', '- a'])).toBe('copy');
  });

  it('seeds nothing when rsync writes in place or names its own basis', () => {
    expect(seedingOf(['-rt', '--inplace'])).toBe('none');
    expect(seedingOf(['-a', '--link-dest=/x'])).toBe('none');
  });
});
