import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local site whose answer a test changes: a status, and a delay before it answers. */
export async function startSite() {
  let status = 200;
  let delayMs = 0;
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits += 1;
    setTimeout(() => {
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end('hello');
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/') => `http://127.0.0.1:${port}${path}`,
    answer(s: number, delay = 0) {
      status = s;
      delayMs = delay;
    },
    hits: () => hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Site = Awaited<ReturnType<typeof startSite>>;
