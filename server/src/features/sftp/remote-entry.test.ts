import { describe, expect, it } from 'vitest';
import { ownerAndGroup } from './remote-entry.js';

describe('directory entries', () => {
  it("read owner and group from OpenSSH's long name, or nothing", () => {
    expect(
      ownerAndGroup('-rw-r--r--    1 deploy   www-data     1234 Jan  1 12:00 a b.txt'),
    ).toEqual({ owner: 'deploy', group: 'www-data' });
    expect(ownerAndGroup('drwxr-xr-x+   2 1001     1001         4096 Jan  1  2024 x')).toEqual({
      owner: '1001',
      group: '1001',
    });
    expect(ownerAndGroup('a.txt')).toEqual({ owner: '', group: '' });
    expect(ownerAndGroup('')).toEqual({ owner: '', group: '' });
  });
});
