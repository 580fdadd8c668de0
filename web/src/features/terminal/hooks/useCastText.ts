import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../api/ApiError';
import { reportFailure } from '../../../api/call';
import { envelopeAction } from '../../../api/envelopeAction';
import { session } from '../../../auth/session';
import { readCast } from '../utils/readCast';
import { recordUrl } from '../utils/recordUrl';

async function fetchCast(recordId: number, signal: AbortSignal): Promise<string> {
  let text: string;
  try {
    const res = await fetch(recordUrl(recordId, session.identity().id), {
      credentials: 'same-origin',
      signal,
    });
    text = await res.text();
  } catch (e) {
    if (signal.aborted) throw e;
    throw new ApiError('network', -1, e instanceof Error ? e.message : String(e));
  }
  try {
    return readCast(text);
  } catch (e) {
    // The dialog shows the failure; an ended session still asks to log in again as everywhere.
    if (e instanceof ApiError && envelopeAction(e.code) !== 'toast') reportFailure(e);
    throw e;
  }
}

/**
 * The recording of a terminal session as text (asciicast v2), fetched once per opening of the
 * replay dialog and not kept afterwards: recordings can be large.
 */
export function useCastText(recordId: number | undefined) {
  return useQuery({
    queryKey: ['log', 'terminalLog', 'record', recordId] as const,
    queryFn: ({ signal }) => fetchCast(recordId ?? 0, signal),
    enabled: recordId !== undefined,
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
  });
}
