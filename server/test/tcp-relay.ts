import net from 'node:net';
import type { SshdServer } from './sshd-fleet.js';

/** A TCP relay in front of a server's sshd, and what it saw. */
export interface TcpRelay {
  /** The server as reached through the relay. */
  server: SshdServer;
  /** The most connections open at once. */
  most(): number;
  /** The most connections waiting together to be let through (see `holdUntil`). */
  mostWaiting(): number;
  /** Cuts every open connection, as a network failure would; new ones are still let through. */
  cut(): void;
  close(): Promise<void>;
}

/**
 * Starts a relay to `target`. With `holdUntil: { waiting, ms }` a new connection is held (not
 * forwarded) until `waiting` connections wait together or `ms` have passed: connections opened
 * one after the other never wait together, connections opened at once do.
 */
export async function startTcpRelay(
  target: SshdServer,
  opts: { holdUntil?: { waiting: number; ms: number } } = {},
): Promise<TcpRelay> {
  let open = 0;
  let most = 0;
  let mostWaiting = 0;
  const waiting = new Set<() => void>();
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((inbound) => {
    open++;
    most = Math.max(most, open);
    sockets.add(inbound);
    let counted = true;
    let outbound: net.Socket | undefined;
    const done = () => {
      if (counted) open--;
      counted = false;
      inbound.destroy();
      outbound?.destroy();
    };
    inbound.on('close', done).on('error', done);
    inbound.pause();
    const forward = () => {
      if (!counted) return;
      outbound = net.connect(target.port, target.host);
      sockets.add(outbound);
      outbound.on('close', done).on('error', done);
      inbound.pipe(outbound).pipe(inbound);
      inbound.resume();
    };
    const hold = opts.holdUntil;
    if (!hold) return forward();
    let timer: NodeJS.Timeout | undefined;
    const go = () => {
      clearTimeout(timer);
      waiting.delete(go);
      forward();
    };
    waiting.add(go);
    mostWaiting = Math.max(mostWaiting, waiting.size);
    if (waiting.size >= hold.waiting) for (const release of [...waiting]) release();
    else timer = setTimeout(go, hold.ms);
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  const { port } = relay.address() as net.AddressInfo;
  return {
    server: { ...target, port },
    most: () => most,
    mostWaiting: () => mostWaiting,
    cut: () => {
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => relay.close(r));
    },
  };
}
