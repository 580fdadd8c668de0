import { describe, expect, it } from 'vitest';
import { fileKind } from '../fileKind';

describe('fileKind', () => {
  it.each([
    ['release.tar.gz', 'archive'],
    ['backup.ZIP', 'archive'],
    ['app.jar', 'archive'],
    ['alarm.mp3', 'audio'],
    ['demo.MKV', 'video'],
    ['report.xlsx', 'spreadsheet'],
    ['users.csv', 'spreadsheet'],
    ['nginx.conf', 'text'],
    ['README.md', 'text'],
    ['main.ts', 'text'],
    ['/etc/app/.env', 'text'],
    ['pom.xml', 'xml'],
    ['index.html', 'xml'],
    ['logo.png', 'image'],
    ['manual.pdf', 'pdf'],
  ])('%s is %s', (name, kind) => {
    expect(fileKind(name)).toBe(kind);
  });

  it.each(['Makefile', 'data.bin', 'archive.', 'dir.d/noext', ''])(
    '%s falls back to unknown',
    (name) => {
      expect(fileKind(name)).toBe('unknown');
    },
  );
});
