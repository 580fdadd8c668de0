import { NginxReason } from '@ferry/contract/client';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import type { NginxResult } from './NginxResult';
import { readTestFailure } from './testFailure';

/**
 * What the output panel shows for a refused action titled `title`: nginx's own message (with
 * the file and line it names) when its test failed, else the console's reason.
 */
export function failureResult(error: unknown, title: string): NginxResult | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.reason === NginxReason.testFailed) {
    return { ok: false, title, ...readTestFailure(error.data) };
  }
  return { ok: false, title, output: errorText(error) };
}
