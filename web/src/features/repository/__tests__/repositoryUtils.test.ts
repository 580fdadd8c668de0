import { MAX_TEXT_FILE_BYTES } from '@ferry/contract/client';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/ApiError';
import { compareLook, sortCompareRows } from '../utils/compareState';
import { copyCrumbs, isGitPath, joinCopyPath } from '../utils/copyPath';
import { readCopyText } from '../utils/readCopyText';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('copyCrumbs', () => {
  it('gives each folder of the path with the path up to it', () => {
    expect(copyCrumbs('src/app')).toEqual([
      { name: 'src', path: 'src' },
      { name: 'app', path: 'src/app' },
    ]);
  });
  it('gives none for the working copy itself', () => {
    expect(copyCrumbs('')).toEqual([]);
  });
});

describe('joinCopyPath and isGitPath', () => {
  it('joins without a leading slash at the root', () => {
    expect(joinCopyPath('', 'a.txt')).toBe('a.txt');
    expect(joinCopyPath('src', 'a.txt')).toBe('src/a.txt');
  });
  it('knows .git and what lies in it, not names that merely contain it', () => {
    expect(isGitPath('.git')).toBe(true);
    expect(isGitPath('vendor/lib/.git/config')).toBe(true);
    expect(isGitPath('.gitignore')).toBe(false);
  });
});

describe('readCopyText', () => {
  it('reads text as UTF-8', () => {
    expect(readCopyText({ contentType: 'text/plain', bytes: bytes('héllo\n') })).toBe('héllo\n');
  });
  it('turns an envelope into an ApiError with its reason', () => {
    const answer = {
      contentType: 'application/json; charset=utf-8',
      bytes: bytes('{"code":2,"message":"leads out","reason":"path_outside_working_copy"}'),
    };
    expect(() => readCopyText(answer)).toThrow(
      expect.objectContaining({ code: 2, reason: 'path_outside_working_copy' }),
    );
  });
  it('refuses bytes with a NUL as not text', () => {
    const answer = { contentType: 'application/octet-stream', bytes: new Uint8Array([1, 0, 2]) };
    expect(() => readCopyText(answer)).toThrow(ApiError);
    expect(() => readCopyText(answer)).toThrow(expect.objectContaining({ reason: 'not_text' }));
  });
  it('refuses a file larger than the editor shows', () => {
    const answer = { contentType: 'text/plain', bytes: new Uint8Array(MAX_TEXT_FILE_BYTES + 1) };
    expect(() => readCopyText(answer)).toThrow(
      expect.objectContaining({ reason: 'file_too_large' }),
    );
  });
});

describe('compareLook and sortCompareRows', () => {
  it('offers a diff for a modified or missing file only', () => {
    expect(compareLook('modified').diff).toBe(true);
    expect(compareLook('remote file not exists').diff).toBe(true);
    expect(compareLook('no change').diff).toBe(false);
    expect(compareLook('sftp error')).toMatchObject({ color: 'error', diff: false });
  });
  it('lists the servers that differ first and the unchanged last', () => {
    const rows = sortCompareRows([
      { serverName: 'b', status: 'no change' as const },
      { serverName: 'c', status: 'sftp error' as const },
      { serverName: 'a', status: 'modified' as const },
    ]);
    expect(rows.map((r) => r.serverName)).toEqual(['a', 'c', 'b']);
  });
});
