import { describe, expect, it } from 'vitest';
import { fileExtension, fileKind, previewMode } from '../fileKind';

const file = (name: string) => fileKind({ name, isDir: false });

describe('fileExtension', () => {
  it.each([
    ['app.conf', 'conf'],
    ['archive.tar.gz', 'gz'],
    ['app.log.1', 'log'],
    ['syslog.2.gz', 'gz'],
    ['.bashrc', ''],
    ['.config.json', 'json'],
    ['README', ''],
    ['Photo.JPG', 'jpg'],
    ['v1.2', '2'],
  ])('%s → %s', (name, extension) => {
    expect(fileExtension(name)).toBe(extension);
  });
});

describe('fileKind', () => {
  it('takes a directory, or a link to one, as a directory whatever its name', () => {
    expect(fileKind({ name: 'logs.zip', isDir: true })).toEqual({ kind: 'directory' });
  });

  it('gives code its highlighting by extension', () => {
    expect(file('deploy.sh')).toEqual({ kind: 'code', language: 'shell' });
    expect(file('main.TS')).toEqual({ kind: 'code', language: 'typescript' });
    expect(file('docker-compose.yml')).toEqual({ kind: 'code', language: 'yaml' });
    expect(file('app.service')).toEqual({ kind: 'code', language: 'properties' });
    expect(file('index.html')).toEqual({ kind: 'code', language: 'html' });
  });

  it('knows files by their whole name', () => {
    expect(file('Dockerfile')).toEqual({ kind: 'code', language: 'dockerfile' });
    expect(file('Dockerfile.prod')).toEqual({ kind: 'code', language: 'dockerfile' });
    expect(file('nginx.conf')).toEqual({ kind: 'code', language: 'nginx' });
    expect(file('.bashrc')).toEqual({ kind: 'code', language: 'shell' });
    expect(file('.env.production')).toEqual({ kind: 'code', language: 'properties' });
    expect(file('CMakeLists.txt')).toEqual({ kind: 'code', language: 'cmake' });
  });

  it('sorts other files into kinds', () => {
    expect(file('photo.jpeg').kind).toBe('image');
    expect(file('manual.pdf').kind).toBe('pdf');
    expect(file('backup.tar.gz').kind).toBe('archive');
    expect(file('app.log.3').kind).toBe('text');
    expect(file('notes.md').kind).toBe('markdown');
    expect(file('report.xlsx').kind).toBe('spreadsheet');
    expect(file('libssl.so').kind).toBe('binary');
    expect(file('LICENSE').kind).toBe('file');
  });
});

describe('previewMode', () => {
  it('shows images and PDF inline, reads what may be text, offers the rest as a download', () => {
    expect(previewMode('image')).toBe('image');
    expect(previewMode('pdf')).toBe('pdf');
    expect(previewMode('code')).toBe('text');
    expect(previewMode('file')).toBe('text');
    expect(previewMode('archive')).toBe('download');
    expect(previewMode('video')).toBe('download');
  });
});
