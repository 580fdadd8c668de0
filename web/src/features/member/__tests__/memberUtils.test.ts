import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/ApiError';
import { filterMembers } from '../utils/filterMembers';
import { invalidField } from '../utils/invalidField';
import { whyNotDisable, whyNotEdit } from '../utils/memberBlocks';
import type { MemberRow } from '../utils/MemberRow';

const row = (id: number, account: string, name: string, superManager = 0): MemberRow => ({
  id,
  account,
  password: '',
  name,
  contact: '',
  superManager,
  state: 1,
  insertTime: '',
  updateTime: '',
  lastLoginTime: '',
  apiKey: '',
});

describe('filterMembers', () => {
  const list = [row(2, 'alice', 'Alice Liu'), row(3, 'bob', 'Robert')];

  it('matches the account or the name, ignoring case and outer spaces', () => {
    expect(filterMembers(list, '  ALI ').map((m) => m.id)).toEqual([2]);
    expect(filterMembers(list, 'robe').map((m) => m.id)).toEqual([3]);
    expect(filterMembers(list, 'zzz')).toEqual([]);
  });

  it('keeps everyone for an empty search', () => {
    expect(filterMembers(list, ' ')).toHaveLength(2);
  });
});

describe('whyNotDisable / whyNotEdit', () => {
  const superActor = { id: 5, superManager: 1 };
  const plainActor = { id: 5, superManager: 0 };

  it('protects the first super manager and yourself', () => {
    expect(whyNotDisable(row(1, 'admin', 'Owner', 1), superActor)).toBe('owner');
    expect(whyNotDisable(row(5, 'me', 'Me'), superActor)).toBe('self');
    expect(whyNotDisable(row(6, 'x', 'X'), plainActor)).toBeUndefined();
  });

  it('leaves super managers to super managers', () => {
    expect(whyNotDisable(row(6, 'x', 'X', 1), plainActor)).toBe('superOnly');
    expect(whyNotDisable(row(6, 'x', 'X', 1), superActor)).toBeUndefined();
    expect(whyNotEdit(row(6, 'x', 'X', 1), plainActor)).toBe('superOnly');
    expect(whyNotEdit(row(6, 'x', 'X', 1), superActor)).toBeUndefined();
    expect(whyNotEdit(row(6, 'x', 'X'), plainActor)).toBeUndefined();
  });
});

describe('invalidField', () => {
  const fields = ['account', 'contact'] as const;

  it('finds the field a 10003 message names', () => {
    const err = new ApiError('envelope', 10003, 'contact must be 11 digits', 'invalid_parameter');
    expect(invalidField(err, fields)).toEqual({
      name: 'contact',
      errors: ['contact must be 11 digits'],
    });
  });

  it('ignores other codes and fields not on the form', () => {
    expect(invalidField(new ApiError('envelope', 2, 'contact is odd'), fields)).toBeUndefined();
    expect(
      invalidField(new ApiError('envelope', 10003, 'request must be an object'), fields),
    ).toBeUndefined();
    expect(invalidField(new Error('contact x'), fields)).toBeUndefined();
  });
});
