import { describe, expect, it } from 'vitest';
import { validateToolboxSearch } from '../utils/toolboxMode';

describe('validateToolboxSearch', () => {
  it.each(['time', 'json', 'password', 'unicode', 'cron', 'byte', 'color'])(
    'keeps the mode %s',
    (mode) => {
      expect(validateToolboxSearch({ mode })).toEqual({ mode });
    },
  );

  it.each([undefined, '', 'qr', 'md5', 'uri', 'CRON', 3])('shows the time panel for %j', (mode) => {
    expect(validateToolboxSearch({ mode })).toEqual({ mode: 'time' });
  });
});
