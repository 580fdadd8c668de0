import { failed, itemDeadline, messageOf, passed, type ItemCheck } from './check-item.js';
import { parseHostPort, tcpConnect } from './tcp-connect.js';

/**
 * A port check: a TCP connection to `host:port` (`[v6]:port`) within the time limit; it passes
 * once the connection is open (closed at once). Latency: the time to connect.
 */
export const portCheck: ItemCheck = async (item, target, ctx) => {
  const to = parseHostPort(item);
  if ('error' in to) return failed(to.error);
  const deadline = itemDeadline(ctx.signal, target.timeout);
  try {
    const how = await tcpConnect(to, deadline.signal);
    return how === 'connected' ? passed() : failed(`Connection to ${item} refused.`);
  } catch (err) {
    return failed(deadline.reason() ?? `Connection to ${item} failed: ${messageOf(err)}.`);
  }
};
