/** The provider could not be asked: unreachable, timed out, or it answered something unreadable. */
export class ProviderUnavailableError extends Error {}

/** The provider answered with an error of its own (a bad or spent code, a wrong secret). */
export class ProviderRefusedError extends Error {
  constructor(
    message: string,
    /** The provider's own error code, for the login log. */
    readonly providerCode: string,
  ) {
    super(message);
  }
}

/** One exchange with a provider: limited in time, the answer read as JSON whatever its status. */
export async function askProvider(
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  timeoutMs: number,
): Promise<{ status: number; json: Record<string, unknown> }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    // SECURITY: the address only (never the body, which holds the app secret or the code).
    const why = err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : 'unreachable';
    throw new ProviderUnavailableError(`${new URL(url).origin} ${why}`);
  }
  const text = await res.text();
  try {
    const json = JSON.parse(text) as unknown;
    if (json && typeof json === 'object' && !Array.isArray(json)) {
      return { status: res.status, json: json as Record<string, unknown> };
    }
  } catch {
    // fall through
  }
  throw new ProviderUnavailableError(
    `${new URL(url).origin} answered HTTP ${res.status} without JSON`,
  );
}

/** A string field of a provider's answer, '' when absent. */
export const field = (json: Record<string, unknown>, key: string): string => {
  const v = json[key];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
};
