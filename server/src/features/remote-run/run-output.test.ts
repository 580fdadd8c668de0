import type { OutputPieceBytes } from '@ferry/contract';
import { describe, expect, it, vi } from 'vitest';
import { OutputRecord } from './output-record.js';
import { createOutputStream, cutOfLongLine } from './output-stream.js';

describe('OutputRecord', () => {
  const record = (cap: number, pieces: string[]) => {
    const r = new OutputRecord(cap);
    for (const p of pieces) {
      const bytes = Buffer.from(p);
      r.count(bytes.length);
      r.push(bytes);
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

  it('cuts multi-byte text between characters, never inside one', () => {
    // 24 bytes of 3-byte characters; halves of 6 bytes fall on character boundaries.
    expect(record(12, ['中文中文中文中文']).text()).toBe(
      '中文\n[… 12 bytes of output left out …]\n中文',
    );
    // Halves of 5 bytes would split a character: the head keeps 1, the tail 1, both whole.
    const r = record(10, ['中文中文', '中文中文']);
    expect(r.text()).toBe('中\n[… 18 bytes of output left out …]\n文');
  });

  it('cuts the head before a character split across two pieces', () => {
    const r = record(8, ['abc', '中中中中中']);
    expect(r.text()).toBe('abc\n[… 12 bytes of output left out …]\n中');
  });
});

describe('the output stream', () => {
  const text = (pieces: OutputPieceBytes[]) =>
    pieces.map((p) => ({ stream: p.stream, text: Buffer.concat(p.parts).toString('utf8') }));
  const collect = (secrets: string[] = []) => {
    const frames: { stream: string; text: string }[][] = [];
    /** Every part as text on its own, as a receiver decoding it alone would see it. */
    const parts: string[] = [];
    const recorded: Buffer[] = [];
    const out = createOutputStream({
      secrets,
      send: (o) => {
        frames.push(text(o));
        parts.push(...o.flatMap((p) => p.parts.map((b) => Buffer.from(b).toString('utf8'))));
      },
      record: (b) => recorded.push(b),
      count: () => undefined,
    });
    const all = () => Buffer.concat(recorded).toString('utf8');
    return { out, frames, parts, all };
  };

  it('passes whole lines, holding an unfinished one per stream until it ends', () => {
    vi.useFakeTimers();
    const { out, frames, all } = collect();
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
    expect(all()).toBe('one\nerr\ntwo\nthree');
    vi.useRealTimers();
  });

  it('joins a character cut between chunks, and masks secrets in frames and record', () => {
    const { out, frames, all } = collect(['s3cret-pw', 'ab']);
    const bytes = Buffer.from('päss s3cret-pw ab s3cret-pw\n');
    out.push('stdout', bytes.subarray(0, 2));
    out.push('stdout', bytes.subarray(2, 9));
    out.push('stdout', bytes.subarray(9));
    out.end();
    const sent = frames
      .flat()
      .map((f) => f.text)
      .join('');
    expect(sent).toBe('päss *** ab ***\n');
    expect(all()).toBe('päss *** ab ***\n');
  });

  it('passes an endless line on in whole characters, a secret never cut in two', () => {
    const secret = 'hunter2-secret';
    const { out, frames, parts, all } = collect([secret]);
    // 3-byte characters in 4 KiB chunks: chunk ends fall inside characters, and the line passes
    // 64 KiB, with a secret across every chunk boundary.
    const chunk = Buffer.from(`${'中'.repeat(1360)}${secret}`);
    const chunks = Array.from({ length: 40 }, () => chunk);
    const whole = Buffer.concat(chunks);
    for (let at = 0; at < whole.length; at += 4096) {
      out.push('stdout', whole.subarray(at, at + 4096));
    }
    out.end();
    const expected = whole.toString('utf8').replaceAll(secret, '***');
    expect(all()).toBe(expected);
    expect(
      frames
        .flat()
        .map((f) => f.text)
        .join(''),
    ).toBe(expected);
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(p).not.toContain('\uFFFD');
  });
});

describe('cutOfLongLine', () => {
  const secret = Buffer.from('abcd');

  it('keeps room for a secret the next chunk may complete', () => {
    const line = Buffer.from('x'.repeat(20));
    expect(cutOfLongLine(line, [secret], 3)).toBe(17);
  });

  it('moves before a secret that would cross the cut', () => {
    const line = Buffer.from(`${'x'.repeat(14)}abcdxx`);
    expect(cutOfLongLine(line, [secret], 3)).toBe(14);
  });

  it('moves on even through overlapping copies of a secret', () => {
    const aaaa = Buffer.from('aaaa');
    expect(cutOfLongLine(Buffer.from('a'.repeat(100)), [aaaa], 3)).toBeGreaterThan(90);
  });
});
