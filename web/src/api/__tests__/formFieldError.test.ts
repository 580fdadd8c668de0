import { Code } from '@ferry/contract/client';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../ApiError';
import { formFieldError } from '../fieldError';

const refused = (message: string, code: number = Code.illegalParam) =>
  new ApiError('envelope', code, message);

describe('formFieldError', () => {
  it('puts an error of a list item on that item, positions as numbers', () => {
    const err = refused('items.2.name must be unique in the group');
    expect(formFieldError(err, ['name', 'items'])).toEqual({
      name: ['items', 2, 'name'],
      errors: ['must be unique in the group'],
    });
  });

  it('puts an error of a plain field on it', () => {
    expect(formFieldError(refused('name must not be empty'), ['name'])).toEqual({
      name: ['name'],
      errors: ['must not be empty'],
    });
  });

  it('names no field for another code, a field not on the form, or no field at all', () => {
    expect(formFieldError(refused('name is taken', 2), ['name'])).toBeUndefined();
    expect(formFieldError(refused('type must be 1'), ['name'])).toBeUndefined();
    expect(formFieldError(refused('Invalid'), ['name'])).toBeUndefined();
    expect(formFieldError(new Error('name x'), ['name'])).toBeUndefined();
  });
});
