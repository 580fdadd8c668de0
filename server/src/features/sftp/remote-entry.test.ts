import { describe, expect, it } from 'vitest';
import { modeString, ownerAndGroup } from './remote-entry.js';
import { contentDisposition, previewTypeOf } from './preview-type.js';

describe('directory entries', () => {
  it('print modes as ls -l does', () => {
    expect(modeString(0o040755)).toBe('drwxr-xr-x');
    expect(modeString(0o100644)).toBe('-rw-r--r--');
    expect(modeString(0o120777)).toBe('lrwxrwxrwx');
    expect(modeString(0o104755)).toBe('-rwsr-xr-x');
    expect(modeString(0o102644)).toBe('-rw-r-Sr--');
    expect(modeString(0o041777)).toBe('drwxrwxrwt');
    expect(modeString(0o010600)).toBe('prw-------');
    expect(modeString(0o140755)).toBe('srwxr-xr-x');
  });

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

describe('previews', () => {
  it('show images and PDF as what they are, markup as plain text, the rest as a download', () => {
    expect(previewTypeOf('/a/b.PNG')).toEqual({ contentType: 'image/png', inline: true });
    expect(previewTypeOf('doc.pdf')).toEqual({ contentType: 'application/pdf', inline: true });
    for (const name of ['x.html', 'x.svg', 'x.xml', 'x.js', '.env', 'Dockerfile', 'app.log']) {
      expect(previewTypeOf(name), name).toEqual({
        contentType: 'text/plain; charset=utf-8',
        inline: true,
      });
    }
    expect(previewTypeOf('a.tar.gz')).toEqual({
      contentType: 'application/octet-stream',
      inline: false,
    });
  });

  it('name the file in ASCII and exactly (RFC 5987)', () => {
    expect(contentDisposition('inline', 'résumé "1";.txt')).toBe(
      `inline; filename="r_sum_ _1__.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%221%22%3B.txt`,
    );
  });
});
