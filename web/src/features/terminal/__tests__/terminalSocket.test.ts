import { encodeResize, TerminalClose, WsClose } from '@ferry/contract/client';
import { describe, expect, it } from 'vitest';
import { openTerminalSocket, type TerminalSocketEvents } from '../utils/terminalSocket';
import type { TerminalStatus } from '../utils/terminalStatus';
import { createTerminalRegistry } from '../utils/terminalRegistry';
import { fakeWebSocketClass } from '../../../test/fakeWebSocketClass';

const ADDRESS = 'ws://ferry.test/ws/xterm?serverId=3&rows=24&cols=80&G-N-ID=1';

function open(size = { cols: 80, rows: 24 }) {
  const { Socket, sockets } = fakeWebSocketClass();
  const output: string[] = [];
  const statuses: TerminalStatus[] = [];
  const events: TerminalSocketEvents = {
    output: (bytes) => output.push(new TextDecoder().decode(bytes)),
    status: (s) => statuses.push(s),
  };
  const socket = openTerminalSocket(ADDRESS, size, events, Socket);
  return { socket, ws: sockets[0]!, output, statuses };
}

describe('openTerminalSocket', () => {
  it('opens the address it is given and reads output as bytes', () => {
    const { ws, output, statuses } = open();
    expect(ws.url).toBe(ADDRESS);
    expect(ws.binaryType).toBe('arraybuffer');
    ws.open();
    expect(statuses).toEqual([{ state: 'connected' }]);
    ws.output(new TextEncoder().encode('héllo \x1b[1mworld\x1b[0m'));
    ws.output('text frame');
    expect(output).toEqual(['héllo \x1b[1mworld\x1b[0m', 'text frame']);
  });

  it('sends keystrokes as text frames and binary input as bytes', () => {
    const { socket, ws } = open();
    expect(socket.sendText('ls\r')).toBe(false);
    ws.open();
    expect(socket.sendText('ls -la\r')).toBe(true);
    expect(socket.sendBinary('\x1b[M !!')).toBe(true);
    expect(ws.sent).toEqual(['ls -la\r', new Uint8Array([0x1b, 0x5b, 0x4d, 0x20, 0x21, 0x21])]);
  });

  it('sends a resize as a binary control frame, once per change of size', () => {
    const { socket, ws } = open();
    ws.open();
    socket.resize(80, 24);
    expect(ws.sent).toEqual([]);
    socket.resize(132, 40);
    socket.resize(132, 40);
    expect(ws.sent).toEqual([encodeResize(132, 40)]);
    expect(typeof ws.sent[0]).not.toBe('string');
  });

  it('sends a size changed while connecting once the socket opens', () => {
    const { socket, ws } = open();
    socket.resize(100, 30);
    expect(ws.sent).toEqual([]);
    ws.open();
    expect(ws.sent).toEqual([encodeResize(100, 30)]);
  });

  it('ignores sizes the console would refuse', () => {
    const { socket, ws } = open();
    ws.open();
    socket.resize(0, 24);
    socket.resize(80, 1001);
    socket.resize(Number.NaN, 24);
    expect(ws.sent).toEqual([]);
  });

  it.each([
    [TerminalClose.ended, '', 'ended'],
    [TerminalClose.idle, '', 'idle'],
    [TerminalClose.serverDisabled, '', 'serverDisabled'],
    [TerminalClose.sshFailed, 'connect ECONNREFUSED 10.0.0.9:22', 'sshFailed'],
    [1006, '', 'lost'],
    [1011, '', 'lost'],
  ])('reports close code %i as %s', (code, reason, cause) => {
    const { ws, statuses } = open();
    ws.open();
    ws.drop(code, reason);
    expect(statuses.at(-1)).toEqual({ state: 'closed', cause, code, reason });
  });

  it.each([
    [WsClose.notLoggedIn, 10001],
    [WsClose.sessionExpired, 10086],
    [WsClose.accountDisabled, 10000],
    [WsClose.namespaceInvalid, 10002],
    [WsClose.denied, 1],
    [WsClose.invalidParameter, 10003],
  ])('reports refusal %i with envelope code %i', (code, envelopeCode) => {
    const { ws, statuses } = open();
    ws.drop(code, 'refused for a reason');
    expect(statuses).toEqual([
      { state: 'closed', cause: 'refused', code, reason: 'refused for a reason', envelopeCode },
    ]);
  });

  it('reports nothing once the page closed the socket itself', () => {
    const { socket, ws, statuses, output } = open();
    ws.open();
    socket.close();
    expect(ws.closedWith).toBe(1000);
    ws.output('late output');
    ws.drop(1000);
    expect(statuses).toEqual([{ state: 'connected' }]);
    expect(output).toEqual([]);
    expect(socket.sendText('x')).toBe(false);
  });
});

describe('createTerminalRegistry', () => {
  it('sends a line and Enter to every connected tab only', () => {
    const registry = createTerminalRegistry();
    const sent: Record<string, string[]> = { a: [], b: [], c: [] };
    const tab = (key: string, connected: boolean) => ({
      connected,
      send: (text: string) => sent[key]!.push(text) > 0,
    });
    registry.set('a', tab('a', true));
    registry.set('b', tab('b', false));
    registry.set('c', tab('c', true));
    expect(registry.connectedCount()).toBe(2);
    expect(registry.sendToAll('uptime')).toBe(2);
    expect(sent).toEqual({ a: ['uptime\r'], b: [], c: ['uptime\r'] });
  });

  it('tells its listeners when the connected count changes', () => {
    const registry = createTerminalRegistry();
    const counts: number[] = [];
    const stop = registry.subscribe(() => counts.push(registry.connectedCount()));
    registry.set('a', { connected: false, send: () => false });
    registry.set('a', { connected: true, send: () => true });
    registry.delete('a');
    registry.delete('a');
    stop();
    registry.set('b', { connected: true, send: () => true });
    expect(counts).toEqual([0, 1, 0]);
    expect(registry.sendToAll('x')).toBe(1);
  });
});
