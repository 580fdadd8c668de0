import { describe, expect, it } from 'vitest';
import { appendOutput, EMPTY_OUTPUT, outputOf, SEGMENT_SIZE } from '../run/paneOutput';

const textOf = (o: { segments: readonly { text: string }[] }) =>
  o.segments.map((s) => s.text).join('');

describe('appendOutput', () => {
  it('joins pieces of one stream and starts a segment when the stream changes', () => {
    const out = appendOutput(EMPTY_OUTPUT, [
      { stream: 'stdout', text: 'a\n' },
      { stream: 'stdout', text: 'b\n' },
      { stream: 'stderr', text: 'oops\n' },
      { stream: 'stdout', text: 'c\n' },
    ]);
    expect(out.segments.map((s) => [s.stream, s.text])).toEqual([
      ['stdout', 'a\nb\n'],
      ['stderr', 'oops\n'],
      ['stdout', 'c\n'],
    ]);
    expect(out.size).toBe(11);
    expect(out.dropped).toBe(0);
  });

  it('keeps the ids of the segments it does not touch', () => {
    const first = appendOutput(EMPTY_OUTPUT, [{ stream: 'stdout', text: 'x\n' }]);
    const second = appendOutput(first, [{ stream: 'stderr', text: 'y\n' }]);
    expect(second.segments[0]).toBe(first.segments[0]);
    expect(second.segments[1]!.id).not.toBe(first.segments[0]!.id);
  });

  it('starts a new segment once one has grown to the segment size', () => {
    const big = 'z'.repeat(SEGMENT_SIZE - 1) + '\n';
    const out = appendOutput(EMPTY_OUTPUT, [
      { stream: 'stdout', text: big },
      { stream: 'stdout', text: 'next\n' },
    ]);
    expect(out.segments).toHaveLength(2);
    expect(out.segments[1]!.text).toBe('next\n');
  });

  it('drops the oldest text beyond the cap, from a line start, and counts it', () => {
    const lines = Array.from({ length: 10 }, (_, i) => `line ${i}\n`);
    let out = EMPTY_OUTPUT;
    for (const text of lines) out = appendOutput(out, [{ stream: 'stdout', text }], 30);
    expect(out.size).toBeLessThanOrEqual(30);
    expect(textOf(out)).toBe('line 6\nline 7\nline 8\nline 9\n');
    expect(out.dropped + out.size).toBe(lines.join('').length);
  });

  it('drops whole older segments before cutting into the newest', () => {
    const out = appendOutput(
      EMPTY_OUTPUT,
      [
        { stream: 'stderr', text: 'old error\n' },
        { stream: 'stdout', text: 'a\nb\nc\n' },
      ],
      4,
    );
    expect(out.segments.map((s) => [s.stream, s.text])).toEqual([['stdout', 'b\nc\n']]);
    expect(out.dropped).toBe(12);
  });

  it('ignores empty pieces', () => {
    expect(appendOutput(EMPTY_OUTPUT, [{ stream: 'stdout', text: '' }]).segments).toEqual([]);
  });
});

describe('outputOf', () => {
  it('holds a recorded output as one stream within the cap', () => {
    const out = outputOf('one\ntwo\nthree\n', 10);
    expect(textOf(out)).toBe('two\nthree\n');
    expect(out.dropped).toBe(4);
  });
});
