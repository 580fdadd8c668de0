import net from 'node:net';

/** Where a TCP check connects. */
export interface HostPort {
  host: string;
  port: number;
}

/**
 * `host:port`, `[v6]:port`: the host and port of a port check's item, or a message saying what
 * is wrong with it.
 */
export function parseHostPort(item: string): HostPort | { error: string } {
  const m = /^\[([^\]]+)\]:(\d+)$/.exec(item) ?? /^([^:\s[\]]+):(\d+)$/.exec(item);
  if (!m) return { error: `"${item}" is not host:port (an IPv6 address as [::1]:80).` };
  const host = m[1]!;
  const port = Number(m[2]);
  if (m[0].startsWith('[') && net.isIPv6(host) === false) {
    return { error: `"${host}" is not an IPv6 address.` };
  }
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    return { error: `The port of "${item}" must be 1-65535.` };
  }
  if (host.startsWith('-')) return { error: `"${host}" is not a host name.` };
  return { host, port };
}

/**
 * Opens a TCP connection and closes it at once. Resolves `connected`, or `refused` when the host
 * answered with a reset (it is up, nothing listens there); rejects on any other error, or with
 * the signal's reason when it aborts.
 */
export function tcpConnect(to: HostPort, signal: AbortSignal): Promise<'connected' | 'refused'> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const socket = net.connect({ host: to.host, port: to.port });
    const onAbort = () => finish(() => reject(signal.reason as Error));
    const finish = (settle: () => void) => {
      signal.removeEventListener('abort', onAbort);
      socket.destroy();
      settle();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('connect', () => finish(() => resolve('connected')));
    socket.once('error', (err: NodeJS.ErrnoException) =>
      finish(() => (err.code === 'ECONNREFUSED' ? resolve('refused') : reject(err))),
    );
  });
}
