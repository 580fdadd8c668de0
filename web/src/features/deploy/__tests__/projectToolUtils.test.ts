import { Code } from '@ferry/contract/client';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/ApiError';
import { chosenServers } from '../utils/chosenServers';
import { processCommands } from '../utils/processCommands';
import { projectFileLanguage } from '../utils/projectFileLanguage';
import { saveFieldError } from '../utils/saveFieldError';

const bound = [{ id: 3 }, { id: 1 }, { id: 7 }];

describe('chosenServers', () => {
  it('runs on every bound server until some are ticked', () => {
    expect(chosenServers(bound, undefined)).toEqual(bound);
  });

  it('keeps the ticked ones still bound, in the project order', () => {
    expect(chosenServers(bound, [7, 9, 3])).toEqual([{ id: 3 }, { id: 7 }]);
    expect(chosenServers(bound, [])).toEqual([]);
  });
});

describe('processCommands', () => {
  it('lists the commands a process has, in goploy order, ignoring blank ones', () => {
    expect(
      processCommands({ status: 'ps', start: '  ', stop: '', restart: 'kill -HUP 1' }),
    ).toEqual(['status', 'restart']);
  });
});

describe('projectFileLanguage', () => {
  it('highlights by the last name of the path', () => {
    expect(projectFileLanguage('.env')).toBe('properties');
    expect(projectFileLanguage('config/app.yaml')).toBe('yaml');
    expect(projectFileLanguage('deploy/run.sh')).toBe('shell');
  });

  it('leaves plain text and an empty path without highlighting', () => {
    expect(projectFileLanguage('README')).toBeUndefined();
    expect(projectFileLanguage('')).toBeUndefined();
    expect(projectFileLanguage('dir/')).toBeUndefined();
  });
});

describe('saveFieldError', () => {
  const taken = { reason: 'project_file_exists', field: 'filename' as const, text: 'taken' };
  const fields = ['filename', 'content'] as const;

  it('puts a 10003 under the field it names, in the server words', () => {
    const err = new ApiError(
      'envelope',
      Code.illegalParam,
      'filename must not contain ".." segments',
    );
    expect(saveFieldError(err, fields, taken)).toEqual({
      name: 'filename',
      errors: ['must not contain ".." segments'],
    });
  });

  it('puts a taken path under the path field', () => {
    const err = new ApiError('envelope', Code.error, 'exists', 'project_file_exists');
    expect(saveFieldError(err, fields, taken)).toEqual({ name: 'filename', errors: ['taken'] });
  });

  it('leaves other failures to the form', () => {
    expect(saveFieldError(new ApiError('network', -1, 'down'), fields, taken)).toBeUndefined();
    const other = new ApiError('envelope', Code.illegalParam, 'projectId must be an id');
    expect(saveFieldError(other, fields, taken)).toBeUndefined();
  });
});
