import { Code, monitorRoutes } from '@ferry/contract/client';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../api/ApiError';
import { call, reportFailure } from '../../../api/call';
import type { CheckAnswer, CheckInput } from '../utils/MonitorRow';

/** The server answers a failing check with code 2 and the same data as a passing one. */
const CHECK_FAILED = 2;

function isAnswer(data: unknown): data is CheckAnswer {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { ok?: unknown }).ok === 'boolean' &&
    Array.isArray((data as { items?: unknown }).items)
  );
}

/**
 * The form's "Test" (POST /monitor/check): resolves with the check's result, passing or failing;
 * a refused field rejects (for the form to show on the field) and anything else is reported.
 */
export function useCheckMonitor() {
  return useMutation({
    mutationFn: async (input: CheckInput): Promise<CheckAnswer> => {
      try {
        return await call(monitorRoutes.check, input, { silent: true, timeoutMs: 180_000 });
      } catch (e) {
        if (e instanceof ApiError && e.code === CHECK_FAILED && isAnswer(e.data)) return e.data;
        if (e instanceof ApiError && e.code !== Code.illegalParam) reportFailure(e);
        throw e;
      }
    },
  });
}
