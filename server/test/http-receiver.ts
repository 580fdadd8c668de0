import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: unknown;
}

export interface Answer {
  status: number;
  body: string;
}

/**
 * A local HTTP server standing in for a chat channel or any webhook receiver: it records every
 * request and answers from a script per path (then with `fallback`), as the real one would.
 */
export async function startReceiver(
  fallback: Answer = { status: 200, body: '{"errcode":0,"errmsg":"ok"}' },
) {
  const received: Received[] = [];
  const scripts = new Map<string, Answer[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        json,
      });
      const path = (req.url ?? '').split('?')[0]!;
      const answer = scripts.get(path)?.shift() ?? fallback;
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    /** Requests whose path is `path`. */
    at: (path: string) => received.filter((r) => r.url.split('?')[0] === path),
    /** The next answers for `path`, in order. */
    script(path: string, ...answers: Answer[]) {
      scripts.set(path, [...(scripts.get(path) ?? []), ...answers]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
