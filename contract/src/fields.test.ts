import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  idField,
  idListField,
  isLineText,
  isValidPassword,
  optionalIdField,
  pagination,
  textField,
} from './fields.js';

describe('isValidPassword', () => {
  it.each([
    ['Admin123!', true],
    ['abcdefg1', true],
    ['abc!defg', true],
    ['12345678', false],
    ['abcdefgh', false],
    ['!@#$%^&*', false],
    ['Ab1!', false],
    ['Abcdefgh12345678x', false],
    ['Abc defg1', false],
    ['Abcdefg1中', false],
  ])('%s → %s', (pw, ok) => {
    expect(isValidPassword(pw)).toBe(ok);
  });
});

describe('field helpers', () => {
  const schema = z.object({ id: idField, name: textField(1, 5), ids: idListField, ...pagination });

  it('coerces query text to numbers and applies page defaults', () => {
    expect(schema.parse({ id: '3', name: ' ab ', ids: '1,2' })).toEqual({
      id: 3,
      name: 'ab',
      ids: [1, 2],
      page: 1,
      rows: 20,
    });
  });

  it('names the rule that failed', () => {
    const issue = (input: unknown) => schema.safeParse(input).error?.issues[0];
    expect(issue({ name: 'a', ids: [] })?.message).toBe('is required');
    expect(issue({ id: 'x', name: 'a', ids: [] })?.message).toBe('must be a number');
    expect(issue({ id: 0, name: 'a', ids: [] })?.message).toBe('must be a positive integer');
    expect(issue({ id: 1, name: '   ', ids: [] })?.message).toBe('must not be empty');
    expect(issue({ id: 1, name: 'abcdef', ids: [] })?.message).toBe('must be at most 5 characters');
    expect(issue({ id: 1, name: 'a', ids: [], rows: 1001 })?.message).toBe('must be at most 1000');
  });
});

describe('isLineText', () => {
  it.each([
    ['plain', true],
    ['运维 🚀 عربي', true],
    ['a\u0000b', false],
    ['tab\there', false],
    ['line\nbreak', false],
    ['del\u007f', false],
    ['c1\u0085', false],
    ['rlo\u202e', false],
    ['lre\u202a', false],
    ['fsi\u2068', false],
    ['pdi\u2069', false],
    ['zero width joiner\u200d ok', true],
    ['lone \ud800 high', false],
    ['lone \udc00 low', false],
    ['at the end \ud83d', false],
  ])('%j → %s', (text, ok) => {
    expect(isLineText(text)).toBe(ok);
  });
});

describe('optionalIdField', () => {
  const schema = z.object({ id: optionalIdField });

  it('reads 0, "0" and an absent id as none, a positive id as itself', () => {
    expect(schema.parse({ id: 0 })).toEqual({ id: undefined });
    expect(schema.parse({ id: '0' })).toEqual({ id: undefined });
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ id: '7' })).toEqual({ id: 7 });
  });

  it('still refuses a negative or broken id', () => {
    expect(schema.safeParse({ id: -1 }).error?.issues[0]?.message).toBe(
      'must be a positive integer',
    );
    expect(schema.safeParse({ id: 'x' }).error?.issues[0]?.message).toBe('must be a number');
  });
});
