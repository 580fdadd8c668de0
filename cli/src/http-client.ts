import type { ClientRoute, RouteInput, RouteOutput } from '@ferry/contract/client';
import type { Connection } from './connection.js';
import { CliError, ExitCode, type ExitCodeValue } from './exit-codes.js';

/** Envelope codes (wire-api §2) that mean "you may not", as opposed to "it went wrong". */
const REFUSAL_CODES = new Set([1, 10000, 10001, 10002, 10004, 10086]);

/** The exit code of an envelope code other than 0. */
export function exitCodeForEnvelope(code: number): ExitCodeValue {
  return REFUSAL_CODES.has(code) ? ExitCode.refused : ExitCode.failed;
}

const REFUSAL_WORDS: Record<number, string> = {
  1: 'refused (no permission)',
  10000: 'refused (the account is disabled)',
  10001: 'refused (the API key is not valid)',
  10002: 'refused (not a member of the namespace)',
  10004: 'refused (the account must change its password first)',
  10086: 'refused (the session expired)',
};

export type Fetch = typeof fetch;

/** A typed call of one contract route that answers its `data`, or throws a {@link CliError}. */
export class ConsoleClient {
  constructor(
    readonly connection: Connection,
    private readonly fetchImpl: Fetch = fetch,
  ) {}

  async call<R extends ClientRoute>(route: R, input: RouteInput<R>): Promise<RouteOutput<R>> {
    const { url, apiKey, namespaceId } = this.connection;
    const isGet = route.method === 'GET';
    const address = `${url}${route.path}${isGet ? toQuery(input as object) : ''}`;
    const headers: Record<string, string> = {
      'X-API-KEY': apiKey,
      'G-N-ID': String(namespaceId),
      accept: 'application/json',
    };
    if (!isGet) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await this.fetchImpl(address, {
        method: route.method,
        headers,
        ...(isGet ? {} : { body: JSON.stringify(input ?? {}) }),
      });
    } catch (err) {
      throw new CliError(`cannot reach the console at ${url}: ${causeOf(err)}`, ExitCode.failed);
    }
    const text = await res.text();
    let envelope: { code?: unknown; message?: unknown; data?: unknown; reason?: unknown };
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      throw new CliError(
        `${route.path}: the console answered HTTP ${res.status} without an envelope`,
        ExitCode.failed,
      );
    }
    if (typeof envelope.code !== 'number') {
      throw new CliError(`${route.path}: the answer is not an envelope`, ExitCode.failed);
    }
    if (envelope.code !== 0) throw envelopeError(route.path, envelope);
    return envelope.data as RouteOutput<R>;
  }
}

function envelopeError(
  path: string,
  envelope: { code?: unknown; message?: unknown; reason?: unknown },
): CliError {
  const code = envelope.code as number;
  const message = typeof envelope.message === 'string' ? envelope.message : '';
  const what = REFUSAL_WORDS[code] ?? `failed (code ${code})`;
  return new CliError(
    `${path} ${what}${message ? `: ${message}` : ''}`,
    exitCodeForEnvelope(code),
    { code, ...(typeof envelope.reason === 'string' ? { reason: envelope.reason } : {}) },
  );
}

/** A query string; lists as comma lists, as the contract's id lists read them. */
export function toQuery(input: object | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) params.set(key, value.join(','));
    else if (typeof value === 'object') params.set(key, JSON.stringify(value));
    else params.set(key, String(value as string | number | boolean));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

function causeOf(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}
