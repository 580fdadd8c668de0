import { TerminalClose, WsClose } from '@ferry/contract/client';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/ApiError';
import { clampFontSize, storedFontSize, storeFontSize } from '../utils/fontSize';
import { readCast } from '../utils/readCast';
import { recordUrl } from '../utils/recordUrl';
import { sessionDuration } from '../utils/sessionDuration';
import { statusLine } from '../utils/statusLine';
import { statusText } from '../utils/statusText';
import { tabTitle } from '../../../ui/tabTitle';
import { validateTerminalLogSearch } from '../utils/terminalLogSearch';
import { validateServerSearch } from '../../../ui/useServerFromAddress';
import { closedStatus } from '../utils/terminalStatus';
import { terminalUrl } from '../utils/terminalUrl';

describe('terminal log search params', () => {
  it('keeps the filters and the page, and leaves defaults out', () => {
    expect(
      validateTerminalLogSearch({ username: ' Bob ', serverName: 'web-1', page: 2, rows: 50 }),
    ).toEqual({ username: 'Bob', serverName: 'web-1', page: 2, rows: 50 });
    expect(validateTerminalLogSearch({ username: '', page: 1, rows: 20, other: 'x' })).toEqual({});
  });

  it('takes a numeric-looking server name back as text and drops unusable pages', () => {
    expect(validateTerminalLogSearch({ serverName: 10086, page: 0, rows: 7 })).toEqual({
      serverName: '10086',
    });
  });
});

describe('terminal page search params', () => {
  it('reads a positive server id', () => {
    expect(validateServerSearch({ serverId: 3 })).toEqual({ serverId: 3 });
    expect(validateServerSearch({ serverId: '12' })).toEqual({ serverId: 12 });
  });

  it('drops anything else', () => {
    for (const serverId of [0, -1, 1.5, 'x', '', null, undefined]) {
      expect(validateServerSearch({ serverId })).toEqual({});
    }
  });
});

describe('terminalUrl', () => {
  const target = { serverId: 3, cols: 120, rows: 40, namespaceId: 7 };

  it('opens /ws/xterm on the same host with the size and namespace', () => {
    expect(terminalUrl({ protocol: 'http:', host: 'ferry.test:8080' }, target)).toBe(
      'ws://ferry.test:8080/ws/xterm?serverId=3&rows=40&cols=120&G-N-ID=7',
    );
  });

  it('uses wss under https', () => {
    expect(terminalUrl({ protocol: 'https:', host: 'ferry.test' }, target)).toMatch(
      /^wss:\/\/ferry\.test\/ws\/xterm\?/,
    );
  });
});

describe('recordUrl', () => {
  it('names the record and the namespace in the query', () => {
    expect(recordUrl(42, 3)).toBe('/log/getTerminalRecord?recordId=42&G-N-ID=3');
  });
});

describe('readCast', () => {
  const cast = '{"version":2,"width":80,"height":24,"Timestamp":1}\n[0.05,"o","$ "]\n';

  it('accepts an asciicast v2 file', () => {
    expect(readCast(cast)).toBe(cast);
    expect(readCast('{"version": 2, "width": 80, "height": 24}')).toContain('"version"');
  });

  it('turns an envelope into the API error it stands for', () => {
    const err = (() => {
      try {
        readCast('{"code":1,"message":"The record is not in this namespace","data":null}');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'envelope', code: 1 });
    expect((err as ApiError).message).toBe('The record is not in this namespace');
  });

  it('refuses anything else', () => {
    expect(() => readCast('<html>Bad gateway</html>')).toThrow(
      'The answer is not a terminal recording',
    );
    expect(() => readCast('')).toThrow('not a terminal recording');
    expect(() => readCast('[1,2]')).toThrow('not a terminal recording');
  });
});

describe('sessionDuration', () => {
  it('says how long a session lasted', () => {
    expect(sessionDuration('2026-01-02 10:00:00', '2026-01-02 10:00:12')).toBe('12 s');
    expect(sessionDuration('2026-01-02 10:00:00', '2026-01-02 10:03:20')).toBe('3 min 20 s');
    expect(sessionDuration('2026-01-02 10:00:00', '2026-01-02 11:05:30')).toBe('1 h 5 min');
  });

  it('has nothing to say for an open session', () => {
    expect(sessionDuration('2026-01-02 10:00:00', '')).toBeUndefined();
  });
});

describe('statusText', () => {
  it('says why a session closed', () => {
    const text = (code: number, reason = '') => statusText(closedStatus(code, reason));
    expect(text(TerminalClose.ended)).toBe('The SSH session ended');
    expect(text(TerminalClose.idle)).toBe('Closed after being idle');
    expect(text(TerminalClose.serverDisabled)).toBe('The server was disabled or changed');
    expect(text(TerminalClose.sshFailed, 'host key mismatch')).toBe(
      'Cannot connect: host key mismatch',
    );
    expect(text(TerminalClose.sshFailed)).toBe('Cannot connect: no reason given');
    expect(text(1006)).toBe('Connection lost');
    expect(text(WsClose.denied, 'No permission')).toBe('Refused: No permission');
  });

  it('names the open states', () => {
    expect(statusText({ state: 'connecting' })).toBe('Connecting…');
    expect(statusText({ state: 'connected' })).toBe('Connected');
  });
});

describe('tabTitle', () => {
  it('adds the first free counter when the name is taken', () => {
    expect(tabTitle('web', [])).toBe('web');
    expect(tabTitle('web', ['web'])).toBe('web (2)');
    expect(tabTitle('web', ['web', 'web (2)', 'db'])).toBe('web (3)');
    expect(tabTitle('web', ['web (2)'])).toBe('web');
    expect(tabTitle('web', ['web', 'web (3)'])).toBe('web (2)');
  });
});

describe('terminal font size', () => {
  it('stays within 10-24 px', () => {
    expect(clampFontSize(9)).toBe(10);
    expect(clampFontSize(25)).toBe(24);
    expect(clampFontSize(15.4)).toBe(15);
    expect(clampFontSize(Number.NaN)).toBe(14);
  });

  it('is remembered in this browser', () => {
    expect(storedFontSize()).toBe(14);
    storeFontSize(18);
    expect(storedFontSize()).toBe(18);
    localStorage.setItem('terminalFontSize', '300');
    expect(storedFontSize()).toBe(24);
    localStorage.setItem('terminalFontSize', 'big');
    expect(storedFontSize()).toBe(14);
  });
});

describe('statusLine', () => {
  it('writes a dimmed line of its own', () => {
    expect(statusLine('Connection lost')).toBe('\r\n\x1b[2m[Connection lost]\x1b[0m\r\n');
  });

  it('keeps escape sequences in a reason from reaching the terminal', () => {
    const line = statusLine('Cannot connect: \x1b]0;pwned\x07\x1b[2Jbanner\r\n\x9b1m');
    expect(line).toBe('\r\n\x1b[2m[Cannot connect:  ]0;pwned  [2Jbanner   1m]\x1b[0m\r\n');
  });
});
