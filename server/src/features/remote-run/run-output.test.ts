import { describe, expect, it, vi } from 'vitest';
import { OutputRecord } from './output-record.js';
import { createOutputStream } from './output-stream.js';

describe('OutputRecord', () => {
  const record = (cap: number, pieces: string[]) => {
    const r = new OutputRecord(cap);
    for (const p of pieces) {
      r.count(Buffer.byteLength(p));
      r.push(p);
    }
    return r;
  };

  it('keeps everything that fits', () => {
    const r = record(100, ['a\n', 'b\n']);
    expect([r.text(), r.bytes]).toEqual(['a\nb\n', 4]);
  });

  it('keeps the first and the last half of more, marking how much was left out', () => {
    const r = record(
      20,
      Array.from({ length: 10 }, (_, i) => `line ${i}\n`),
    );
    expect(r.bytes).toBe(70);
    expect(r.text()).toBe('line 0\nlin\n[… 50 bytes of output left out …]\n 8\nline 9\n');
  });

  it('cuts multi-byte text to bytes, not characters', () => {
    const r = record(12, ['中文中文中文中文']);
    expect(r.bytes).toBe(24);
    expect(r.text()).toBe('中文\n[… 12 bytes of output left out …]\n中文');
  });
});

describe('the output stream', () => {
  const collect = (secrets: string[] = []) => {
    const frames: { stream: string; text: string }[][] = [];
    const recorded: string[] = [];
    const out = createOutputStream({
      secrets,
      send: (o) => frames.push(o),
      record: (t) => recorded.push(t),
      count: () => undefined,
    });
    return { out, frames, recorded };
  };

  it('passes whole lines, holding an unfinished one per stream until it ends', () => {
    vi.useFakeTimers();
    const { out, frames, recorded } = collect();
    out.push('stdout', Buffer.from('one\ntw'));
    out.push('stderr', Buffer.from('err\n'));
    out.push('stdout', Buffer.from('o\nthree'));
    vi.advanceTimersByTime(60);
    expect(frames).toEqual([
      [
        { stream: 'stdout', text: 'one\n' },
        { stream: 'stderr', text: 'err\n' },
        { stream: 'stdout', text: 'two\n' },
      ],
    ]);
    out.end();
    expect(frames[1]).toEqual([{ stream: 'stdout', text: 'three' }]);
    expect(recorded.join('')).toBe('one\nerr\ntwo\nthree');
    vi.useRealTimers();
  });

  it('joins a character cut between chunks, and masks secrets in frames and record', () => {
    const { out, frames, recorded } = collect(['s3cret-pw', 'ab']);
    const text = Buffer.from('päss s3cret-pw ab\n');
    out.push('stdout', text.subarray(0, 2));
    out.push('stdout', text.subarray(2));
    out.end();
    expect(
      frames
        .flat()
        .map((f) => f.text)
        .join(''),
    ).toBe('päss *** ab\n');
    expect(recorded.join('')).toBe('päss *** ab\n');
  });
});
