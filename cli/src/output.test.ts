import { describe, expect, it } from 'vitest';
import { Output, table } from './output.js';

function streams(tty: boolean) {
  const written = { stdout: '', stderr: '' };
  return {
    written,
    streams: {
      stdout: { isTTY: tty, write: (s: string) => (written.stdout += s) },
      stderr: { isTTY: tty, write: (s: string) => (written.stderr += s) },
    },
  };
}

describe('Output', () => {
  it('prints plain lines and no progress when stdout is not a terminal', () => {
    const { written, streams: s } = streams(false);
    const out = new Output(s, false);
    out.progress('pull · running');
    out.line(out.green('deployed'));
    out.error(out.red('oops'));
    expect(written).toEqual({ stdout: 'deployed\n', stderr: 'oops\n' });
  });

  it('colours and redraws a progress line on a terminal, cleared before the next line', () => {
    const { written, streams: s } = streams(true);
    const out = new Output(s, false);
    out.progress('pull · running');
    out.line(out.green('deployed'));
    expect(written.stdout).toBe(
      '\r\u001b[2K\u001b[2mpull · running\u001b[22m\r\u001b[2K\u001b[32mdeployed\u001b[39m\n',
    );
  });

  it('leaves colour out on a terminal when NO_COLOR is set', () => {
    const { written, streams: s } = streams(true);
    new Output(s, false, { NO_COLOR: '1' }).line(new Output(s, false, { NO_COLOR: '1' }).red('x'));
    expect(written.stdout).toBe('x\n');
  });

  it('keeps stdout for the one JSON document in --json mode', () => {
    const { written, streams: s } = streams(true);
    const out = new Output(s, true);
    out.line('[pull] fetching');
    out.progress('pull · running');
    out.document({ token: 'abc' });
    expect(JSON.parse(written.stdout)).toEqual({ token: 'abc' });
    expect(written.stderr).toBe('[pull] fetching\n');
  });
});

describe('table', () => {
  it('aligns the columns under the header without trailing spaces', () => {
    expect(
      table(
        ['ID', 'NAME', 'STATE'],
        [
          ['1', 'web', 'deployed'],
          ['12', 'shop-api', ''],
        ],
      ),
    ).toEqual(['ID  NAME      STATE', '1   web       deployed', '12  shop-api']);
  });
});
