import { describe, expect, it } from 'vitest';
import { contentDisposition, previewTypeOf } from './file-preview.js';

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
