import { ApiError } from './ApiError';
import { reportFailure } from './call';
import { envelopeAction } from './envelopeAction';

/**
 * Fetches a same-origin address that answers a file, not an envelope (a recording, a preview):
 * the session cookie authenticates it. `read` takes the body, `interpret` turns it into what the
 * caller shows or throws an {@link ApiError} for a refusal. No answer at all is a network
 * ApiError; an ended session still asks to log in again as everywhere, other refusals are left
 * to the caller, which shows them in place.
 */
export async function fetchLinked<T, R>(
  url: string,
  signal: AbortSignal,
  read: (res: Response) => Promise<T>,
  interpret: (body: T) => R,
): Promise<R> {
  let body: T;
  try {
    body = await read(await fetch(url, { credentials: 'same-origin', signal }));
  } catch (e) {
    if (signal.aborted) throw e;
    throw new ApiError('network', -1, e instanceof Error ? e.message : String(e));
  }
  try {
    return interpret(body);
  } catch (e) {
    if (e instanceof ApiError && envelopeAction(e.code) !== 'toast') reportFailure(e);
    throw e;
  }
}
