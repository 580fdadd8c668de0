import { WsClose } from '@ferry/contract/client';
import { describe, expect, it } from 'vitest';
import { fakeWebSocketClass } from '../../../test/fakeWebSocketClass';
import { SftpClose } from '@ferry/contract/client';
import { closedConnection, mayReconnect, type SftpConnection } from '../utils/connectionStatus';
import type { ListFrame } from '../utils/listing';
import { openSftpSocket } from '../utils/sftpSocket';
import { sftpSocketUrl } from '../utils/sftpUrls';

function open() {
  const { Socket, sockets } = fakeWebSocketClass();
  const frames: ListFrame[] = [];
  const statuses: SftpConnection[] = [];
  const socket = openSftpSocket(
    'ws://ferry.test/ws/sftp?serverId=3&G-N-ID=1',
    { frame: (f) => frames.push(f), status: (s) => statuses.push(s) },
    Socket,
  );
  return { socket, ws: sockets[0]!, frames, statuses };
}

describe('the file manager socket', () => {
  it('passes the server and the namespace in its address, as the terminal does', () => {
    expect(sftpSocketUrl({ protocol: 'https:', host: 'ferry.test' }, 3, 7)).toBe(
      'wss://ferry.test/ws/sftp?serverId=3&G-N-ID=7',
    );
    expect(sftpSocketUrl({ protocol: 'http:', host: 'localhost:5173' }, 4, 1)).toBe(
      'ws://localhost:5173/ws/sftp?serverId=4&G-N-ID=1',
    );
  });

  it('sends list requests with fresh ids once open and hands on their answers', () => {
    const { socket, ws, frames, statuses } = open();
    expect(socket.list('')).toBe(0);
    ws.open();
    expect(statuses).toEqual([{ state: 'open' }]);
    expect(socket.list('')).toBe(1);
    expect(socket.list('/srv')).toBe(2);
    expect(ws.sent).toEqual([
      '{"op":"list","id":1,"path":""}',
      '{"op":"list","id":2,"path":"/srv"}',
    ]);
    ws.output(
      JSON.stringify({
        code: 0,
        message: '',
        data: [],
        op: 'list',
        id: 2,
        path: '/srv',
        done: true,
      }),
    );
    ws.output('/not-a-list-answer');
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({ id: 2, path: '/srv', done: true });
  });

  it('says why it closed, and nothing once the page closed it', () => {
    const { socket, ws, statuses } = open();
    ws.open();
    ws.drop(SftpClose.sshFailed, 'connect ECONNREFUSED 10.0.0.9:22');
    expect(statuses.at(-1)).toEqual({
      state: 'closed',
      cause: 'unreachable',
      code: 4100,
      reason: 'connect ECONNREFUSED 10.0.0.9:22',
    });
    const other = open();
    other.ws.open();
    other.socket.close();
    other.ws.drop(1000);
    expect(other.statuses).toEqual([{ state: 'open' }]);
    expect(other.ws.closedWith).toBe(1000);
    socket.close();
  });
});

describe('closedConnection', () => {
  it.each([
    [SftpClose.sshFailed, 'unreachable', true],
    [SftpClose.idle, 'idle', true],
    [SftpClose.serverDisabled, 'serverDisabled', true],
    [WsClose.notLoggedIn, 'refused', false],
    [WsClose.namespaceInvalid, 'refused', false],
    [WsClose.denied, 'refused', false],
    [WsClose.sessionExpired, 'refused', false],
    [1006, 'lost', true],
  ])('reads close code %i as %s (reconnect: %s)', (code, cause, reconnect) => {
    const closed = closedConnection(code, '');
    expect(closed.cause).toBe(cause);
    expect(mayReconnect(closed)).toBe(reconnect);
  });

  it('keeps the envelope code a refusal stands for', () => {
    expect(closedConnection(WsClose.denied, 'no').envelopeCode).toBe(1);
    expect(closedConnection(WsClose.sessionExpired, '').envelopeCode).toBe(10086);
  });
});
