import type { ClientRoute, RouteInput, RouteOutput } from '@ferry/contract/client';
import { authRoutes } from '@ferry/contract/client';
import i18next from 'i18next';
import { session } from '../auth/session';
import { ApiError } from './ApiError';
import { envelopeAction } from './envelopeAction';
import { errorText } from './errorText';
import { feedback } from './feedback';
import { goToLogin } from './goToLogin';

export const REQUEST_TIMEOUT_MS = 60_000;
export const TOAST_SECONDS = 5;

export interface CallOptions {
  /**
   * Failures the caller shows itself: `true` for all, or a list of envelope codes and reasons.
   * A silenced failure still rejects with an {@link ApiError}; it only skips the toast or dialog.
   * `'toast'`: only the red toast is skipped (a list showing its own error inline); an ended
   * session still asks to log in again.
   */
  silent?: boolean | 'toast' | readonly (number | string)[];
  signal?: AbortSignal;
  timeoutMs?: number;
  /** A multipart upload's other fields, sent in the query string (goploy's uploads read them there). */
  query?: object;
  /** The namespace the call works in (G-N-ID), when not the page's: a form picking across them. */
  namespaceId?: number;
}

type CallArgs<R extends ClientRoute> =
  Record<never, never> extends RouteInput<R>
    ? [input?: RouteInput<R>, options?: CallOptions]
    : [input: RouteInput<R>, options?: CallOptions];

/** Builds a query string: arrays as comma lists (as the contract's id lists read them). */
function toQuery(input: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) params.set(key, value.join(','));
    else if (typeof value === 'object') params.set(key, JSON.stringify(value));
    else params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

function isEnvelope(
  v: unknown,
): v is { code: number; message?: unknown; data?: unknown; reason?: unknown } {
  return typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number';
}

function isSilenced(silent: CallOptions['silent'], err: ApiError): boolean {
  if (silent === true) return true;
  if (!silent) return false;
  if (silent === 'toast') return err.kind !== 'envelope' || envelopeAction(err.code) === 'toast';
  return silent.includes(err.code) || (err.reason !== undefined && silent.includes(err.reason));
}

let reloginOpen = false;

function askToRelogin(err: ApiError): void {
  // Several calls fail together when a session expires: one dialog is enough.
  if (reloginOpen) return;
  reloginOpen = true;
  feedback.confirm({
    title: i18next.t('common:relogin.title'),
    // The server's message, in the user's language when its reason is known.
    content: errorText(err) || i18next.t('common:relogin.content'),
    okText: i18next.t('common:relogin.ok'),
    cancelText: i18next.t('common:action.cancel'),
    onOk: () => {
      session.clearLogin();
      goToLogin(window.location.pathname + window.location.search);
    },
    onCancel: () => {
      reloginOpen = false;
    },
  });
}

function leaveNamespace(): void {
  session.clear();
  // Revokes the server session too; the page is left whatever the answer.
  fetch(authRoutes.logout.path, { method: 'POST', credentials: 'same-origin' })
    .catch(() => undefined)
    .finally(() => goToLogin());
}

/** Shows a failure the way product.md §8 says: a dialog, a silent logout or a red toast. */
export function reportFailure(err: ApiError): void {
  const action = err.kind === 'envelope' ? envelopeAction(err.code) : 'toast';
  if (action === 'relogin') askToRelogin(err);
  else if (action === 'leaveNamespace') leaveNamespace();
  else feedback.error(errorText(err), TOAST_SECONDS);
}

async function send(route: ClientRoute, input: object, options: CallOptions): Promise<unknown> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });

  const isGet = route.method === 'GET';
  // A multipart form: the browser writes the Content-Type with its boundary.
  const form = input instanceof FormData ? input : undefined;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'G-N-ID': String(options.namespaceId ?? session.identity().id),
    Router: window.location.pathname,
  };
  if (!isGet && !form) headers['Content-Type'] = 'application/json';
  try {
    const url = isGet ? route.path + toQuery(input) : route.path + toQuery(options.query ?? {});
    const res = await fetch(url, {
      method: route.method,
      credentials: 'same-origin',
      headers,
      body: isGet ? undefined : (form ?? JSON.stringify(input)),
      signal: controller.signal,
    });
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new ApiError('network', -1, `HTTP ${res.status} ${res.statusText}`.trim());
    }
    if (!isEnvelope(body))
      throw new ApiError('network', -1, `HTTP ${res.status}: not an API answer`);
    if (body.code === 0) return body.data;
    throw new ApiError(
      'envelope',
      body.code,
      typeof body.message === 'string' ? body.message : '',
      typeof body.reason === 'string' ? body.reason : undefined,
      body.data,
    );
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (timedOut) throw new ApiError('timeout', -1, 'timeout');
    // A caller's own abort is not a failure to report.
    if (options.signal?.aborted) throw e;
    throw new ApiError('network', -1, e instanceof Error ? e.message : String(e));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Calls one route of the contract. GET sends `input` as the query string, other methods as a
 * JSON body. Resolves with `data` of a code-0 answer; otherwise shows the failure as product.md §8
 * says (unless `options.silent` says the caller will) and rejects with an {@link ApiError}.
 */
export async function call<R extends ClientRoute>(
  route: R,
  ...[input, options = {}]: CallArgs<R>
): Promise<RouteOutput<R>> {
  try {
    return (await send(route, input ?? {}, options)) as RouteOutput<R>;
  } catch (e) {
    if (e instanceof ApiError && !isSilenced(options.silent, e)) reportFailure(e);
    throw e;
  }
}

/**
 * Posts a multipart form (a file upload, e.g. `file` to /server/import) to a route, with the same
 * headers, answers and failure reports as {@link call}.
 */
export async function upload<R extends ClientRoute>(
  route: R,
  form: FormData,
  options: CallOptions = {},
): Promise<RouteOutput<R>> {
  try {
    return (await send(route, form, options)) as RouteOutput<R>;
  } catch (e) {
    if (e instanceof ApiError && !isSilenced(options.silent, e)) reportFailure(e);
    throw e;
  }
}
