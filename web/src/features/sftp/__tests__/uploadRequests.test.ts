import { describe, expect, it } from 'vitest';
import { uploadRequests } from '../utils/uploadRequests';

const SERVER = { id: 3, name: 'web-1' };
const local = (relativePath: string) => {
  const file = new File(['abc'], relativePath.split('/').at(-1) ?? '', {
    lastModified: 1_700_000_123_456,
  });
  return { file, relativePath };
};

describe('uploadRequests', () => {
  it('puts a folder’s files below the directory shown, keeping their paths', () => {
    const { requests, refused } = uploadRequests(
      [local('a.txt'), local('site/css/a.css')],
      '/srv/www',
      SERVER,
    );
    expect(refused).toEqual([]);
    expect(requests.map((r) => [r.file, r.name])).toEqual([
      ['/srv/www/a.txt', 'a.txt'],
      ['/srv/www/site/css/a.css', 'site/css/a.css'],
    ]);
    expect(requests[0]).toMatchObject({ serverId: 3, serverName: 'web-1', mtime: 1_700_000_123 });
  });

  it('uploads into the root too', () => {
    expect(uploadRequests([local('a')], '/', SERVER).requests[0]?.file).toBe('/a');
  });

  it('leaves out names the console would refuse', () => {
    const { requests, refused } = uploadRequests([local('ok'), local('a/../b')], '/srv', SERVER);
    expect(requests.map((r) => r.file)).toEqual(['/srv/ok']);
    expect(refused).toEqual(['a/../b']);
  });
});
