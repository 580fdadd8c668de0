import { describe, expect, it } from 'vitest';
import { fileNameField, fileNamesField, remotePathField } from './sftp-fields.js';

const pathProblem = (v: unknown) => {
  const r = remotePathField.safeParse(v);
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('remote paths', () => {
  it('normalises slashes and dot segments', () => {
    expect(remotePathField.parse('//srv///app/./logs/')).toBe('/srv/app/logs');
    expect(remotePathField.parse('/')).toBe('/');
    expect(remotePathField.parse('/a b/$(id)/x;y\nz')).toBe('/a b/$(id)/x;y\nz');
  });

  it('refuses what could escape or cannot be a path, naming the rule', () => {
    expect(pathProblem('/srv/../etc')).toBe("must not contain '..' segments");
    expect(pathProblem('/srv/..')).toBe("must not contain '..' segments");
    expect(pathProblem('/srv/a\0b')).toBe('must not contain a NUL byte');
    expect(pathProblem('srv/app')).toBe('must be an absolute path (starting with /)');
    expect(pathProblem('')).toBe('must not be empty');
    expect(pathProblem(`/${'a'.repeat(4096)}`)).toBe('must be at most 4096 characters');
    expect(pathProblem(`/${'a'.repeat(256)}`)).toBe('must not have a name longer than 255 bytes');
    expect(pathProblem(undefined)).toBe('is required');
  });

  it('keeps names that only look like ..', () => {
    expect(remotePathField.parse('/srv/..x/...')).toBe('/srv/..x/...');
  });
});

describe('file names', () => {
  it('takes one component with any other byte', () => {
    expect(fileNameField.parse('a;touch x')).toBe('a;touch x');
    expect(fileNameField.parse('line\nbreak')).toBe('line\nbreak');
  });

  it('refuses slashes, dot names, NUL and over-long names', () => {
    for (const bad of ['a/b', '.', '..', 'a\0', '', 'é'.repeat(128)]) {
      expect(fileNameField.safeParse(bad).success).toBe(false);
    }
  });

  it('reads one name or several', () => {
    expect(fileNamesField.parse('a')).toEqual(['a']);
    expect(fileNamesField.parse(['a', 'b'])).toEqual(['a', 'b']);
    expect(fileNamesField.safeParse([]).success).toBe(false);
  });
});
