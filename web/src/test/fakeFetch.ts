import { vi } from 'vitest';

export interface FakeRequest {
  path: string;
  query: URLSearchParams;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { code: number; message?: string; data?: unknown; reason?: string };
type Handler = (req: FakeRequest) => Answer | Promise<Answer>;
/** The answers by path: a handler, or answers given in turn (the last one repeats). */
export type FakeRoutes = Record<string, Handler | Answer[]>;

/**
 * Replaces `fetch` with a router of envelope answers by path. Each handler may be a function or a
 * list of answers given in turn (the last one repeats). Unknown paths answer code 1.
 */
export function fakeFetch(routes: FakeRoutes) {
  const calls: FakeRequest[] = [];
  const counters = new Map<string, number>();
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = input instanceof Request ? input.url : input.toString();
    const url = new URL(href, 'http://localhost');
    const req: FakeRequest = {
      path: url.pathname,
      query: url.searchParams,
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(req);
    const route = routes[url.pathname];
    let answer: Answer;
    if (!route) answer = { code: 1, message: 'Unknown route', reason: 'unknown_route' };
    else if (Array.isArray(route)) {
      const n = counters.get(url.pathname) ?? 0;
      counters.set(url.pathname, n + 1);
      answer = route[Math.min(n, route.length - 1)] ?? { code: 2 };
    } else answer = await route(req);
    return new Response(JSON.stringify({ message: '', data: null, ...answer }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', mock);
  return { calls, mock, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

/** A request's query string as an object, to compare whole. */
export const queryOf = (req: FakeRequest | undefined) => Object.fromEntries(req?.query ?? []);
