import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { closeReason } from '../../core/ws/close-reason.js';
import { recordingFileFor, resolveRecordingFile } from './recording-path.js';

describe('recording paths', () => {
  it('files a recording under its month', () => {
    expect(recordingFileFor(42, new Date(2026, 0, 31, 12).getTime())).toBe(
      'terminal-log/2026-01/42.cast.gz',
    );
  });

  it('resolves stored paths only inside the recordings directory', () => {
    const data = path.resolve('data-root');
    expect(resolveRecordingFile(data, 'terminal-log/2026-01/42.cast.gz')).toBe(
      path.join(data, 'terminal-log', '2026-01', '42.cast.gz'),
    );
    expect(resolveRecordingFile(data, '')).toBeUndefined();
    expect(resolveRecordingFile(data, 'terminal-log/../secret.key')).toBeUndefined();
    expect(resolveRecordingFile(data, '../../etc/passwd')).toBeUndefined();
    expect(resolveRecordingFile(data, '/etc/passwd')).toBeUndefined();
    expect(resolveRecordingFile(data, 'terminal-log')).toBeUndefined();
  });
});

describe('close reasons', () => {
  it('keeps a short reason and cuts a long one to 120 bytes on a character boundary', () => {
    expect(closeReason('serverId is required')).toBe('serverId is required');
    const cut = closeReason('é'.repeat(100));
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(120);
    expect(cut).toMatch(/^(é)+\.\.\.$/);
  });
});
