import { describe, expect, it } from 'vitest';
import { manifestFromJson, manifestToJson, type ManifestEntry } from './sftp-manifest.js';

describe('manifest text', () => {
  it('reads back what it wrote', () => {
    const manifest = new Map<string, ManifestEntry>([
      ['lib', { kind: 'dir' }],
      ['lib/a.js', { kind: 'file', size: 3, mtimeMs: 1_700_000_000_123.456, hash: 'abc=' }],
    ]);
    expect(manifestFromJson(manifestToJson(manifest))).toEqual(manifest);
  });

  it('refuses paths that leave the destination and anything that is not a manifest', () => {
    for (const rel of ['../etc/passwd', 'a/../../b', '/etc/passwd', 'a//b', './a', '']) {
      expect(manifestFromJson(JSON.stringify({ [rel]: 0 })), rel).toBe(undefined);
    }
    expect(manifestFromJson('not json')).toBe(undefined);
    expect(manifestFromJson('[]')).toBe(undefined);
    expect(manifestFromJson(JSON.stringify({ a: [1, 'x', 'h'] }))).toBe(undefined);
  });
});
