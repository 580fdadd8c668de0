import { describe, expect, it } from 'vitest';
import { createOutputCoalescer } from './output-coalescer.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('the output coalescer', () => {
  it('delivers chunks pushed in one turn of the event loop as one piece', async () => {
    const got: string[] = [];
    const c = createOutputCoalescer((d) => got.push(d.toString()));
    c.push(Buffer.from('a'));
    c.push(Buffer.from('b'));
    c.push(Buffer.from('c'));
    expect(got).toEqual([]);
    await nextTurn();
    expect(got).toEqual(['abc']);
  });

  it('delivers a lone chunk on the next turn, without waiting for more', async () => {
    const got: string[] = [];
    const c = createOutputCoalescer((d) => got.push(d.toString()));
    c.push(Buffer.from('x'));
    await nextTurn();
    c.push(Buffer.from('y'));
    await nextTurn();
    expect(got).toEqual(['x', 'y']);
  });

  it('delivers pending output at once on flush, and nothing after dispose', async () => {
    const got: string[] = [];
    const c = createOutputCoalescer((d) => got.push(d.toString()));
    c.push(Buffer.from('last words'));
    c.flush();
    expect(got).toEqual(['last words']);
    c.push(Buffer.from('dropped'));
    c.dispose();
    c.push(Buffer.from('ignored'));
    await nextTurn();
    expect(got).toEqual(['last words']);
  });
});
