/**
 * A hub subscriber in a process of its own, as a browser is (run by bench/exec.ts): subscribes to
 * `watch:<watchId>`, prints `ready`, decodes every output frame to text as the web app does, and
 * when the server's end came (its pane shows the exit status) prints the bytes of text it
 * received, when that frame arrived (ms since the epoch, with fractions, comparable across
 * processes) and the CPU ms it spent since it subscribed; it exits once the run's end came.
 *
 *   tsx bench/exec-watcher.ts <host> <token> <watchId>
 */
import { decodeBinaryHubFrame, HubType, type RemoteRunMessage } from '@ferry/contract';
import { WebSocket } from 'ws';
import { cpuMsSince } from './cpu-account.js';

const [host, token, watchId] = process.argv.slice(2);
const ws = new WebSocket(`ws://${host}/ws/connect?token=${token}&G-N-ID=1`);
let bytes = 0;
let subscribed = process.cpuUsage();
ws.on('open', () => {
  ws.send(JSON.stringify({ op: 'subscribe', token: `watch:${watchId}` }));
  setTimeout(() => {
    subscribed = process.cpuUsage();
    console.log('ready');
  }, 100);
});
ws.on('message', (data: Buffer, isBinary: boolean) => {
  const frame = isBinary
    ? decodeBinaryHubFrame(data)
    : (JSON.parse(data.toString('utf8')) as { type: number; message: RemoteRunMessage });
  if (frame?.type !== HubType.remoteRun) return;
  const { serverId, output, durationMs } = frame.message;
  for (const o of output ?? []) bytes += Buffer.byteLength(o.text);
  if (serverId !== 0 && durationMs !== undefined) {
    const at = performance.timeOrigin + performance.now();
    console.log(`bytes ${bytes} at ${at} cpu ${cpuMsSince(subscribed).toFixed(1)}`);
  }
  if (serverId === 0) process.exit(0);
});
