import { Code } from '@ferry/contract/client';
import { ApiError } from '../../../api/ApiError';

/** The problems of a refused import: the 10003 message holds one per line. */
export function importProblems(err: unknown): string[] {
  if (!(err instanceof ApiError) || err.code !== Code.illegalParam) return [];
  return err.message
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
