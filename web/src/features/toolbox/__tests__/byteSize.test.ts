import { describe, expect, it } from 'vitest';
import { convertBytes, humanSize, toBytes } from '../utils/byteSize';

describe('toBytes', () => {
  it.each([
    [1, 'B', 1],
    [1, 'KB', 1024],
    [1, 'MB', 1048576],
    [2.5, 'MB', 2621440],
  ] as const)('converts %d %s to %d bytes', (value, unit, bytes) => {
    expect(toBytes(value, unit)).toBe(bytes);
  });
});

describe('humanSize', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1500, '1.46 KB'],
    [1048575, '1 MB'],
    [1048576, '1 MB'],
    [1024 ** 3, '1 GB'],
    [1024 ** 4 * 3.25, '3.25 TB'],
    [1024 ** 5, '1 PB'],
    [1024 ** 6, '1 EB'],
    [1024 ** 7, '1 ZB'],
    [1024 ** 8, '1 YB'],
    [1024 ** 9, '1024 YB'],
    [0.5, '0.5 B'],
  ])('formats %d bytes as %j', (bytes, text) => {
    expect(humanSize(bytes)).toBe(text);
  });
});

describe('convertBytes', () => {
  it.each([
    ['1536', 'B', '1.5 KB'],
    ['1.5', 'KB', '1.5 KB'],
    [' 2048 ', 'MB', '2 GB'],
    ['0', 'MB', '0 B'],
    ['1e3', 'KB', '1000 KB'],
    ['.5', 'MB', '512 KB'],
  ] as const)('converts %j %s to %j', (input, unit, text) => {
    expect(convertBytes(input, unit)).toMatchObject({ ok: true, text });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'notNumber'],
    ['12abc', 'notNumber'],
    ['0x10', 'notNumber'],
    ['Infinity', 'notNumber'],
    ['1e400', 'notNumber'],
    ['-1', 'negative'],
  ] as const)('refuses %j as %s', (input, problem) => {
    expect(convertBytes(input, 'KB')).toEqual({ ok: false, problem });
  });
});
