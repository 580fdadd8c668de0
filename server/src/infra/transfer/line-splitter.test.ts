import { describe, expect, it } from 'vitest';
import { LineSplitter } from './line-splitter.js';

function split(chunks: string[]): string[] {
  const lines: string[] = [];
  const splitter = new LineSplitter((l) => lines.push(l));
  for (const c of chunks) splitter.push(c);
  splitter.flush();
  return lines;
}

describe('LineSplitter', () => {
  it('joins lines cut across chunks and keeps empty lines', () => {
    expect(split(['sending incr', 'emental file list\na/b\n', '\nsent 10 bytes\n'])).toEqual([
      'sending incremental file list',
      'a/b',
      '',
      'sent 10 bytes',
    ]);
  });

  it('flushes a last line without a line break', () => {
    expect(split(['one\ntwo'])).toEqual(['one', 'two']);
    expect(split(['one\n'])).toEqual(['one']);
  });

  it('drops the \\r of \\r\\n even when the two arrive apart', () => {
    expect(split(['a\r', '\nb\r\n'])).toEqual(['a', 'b']);
  });

  it('shows each redraw of a progress line', () => {
    expect(split(['  10%\r  50%\r 100%\n'])).toEqual(['  10%', '  50%', ' 100%']);
  });
});
