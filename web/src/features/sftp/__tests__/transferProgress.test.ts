import { describe, expect, it } from 'vitest';
import {
  applyFrame,
  applyResults,
  asTransferMessage,
  newTransferId,
  type TransferProgress,
} from '../utils/transferProgress';

const destination = (serverId: number, serverName: string) => ({
  serverId,
  serverName,
  bytes: 0,
  total: 0,
  state: 'waiting' as const,
  error: '',
});

const TRANSFER: TransferProgress = {
  transferId: 't1',
  source: '/srv/app.tar.gz',
  isDir: false,
  destinations: [destination(4, 'db-1'), destination(5, 'web-2')],
  state: 'running',
};

const frame = (over: object) => ({
  transferId: 't1',
  serverId: 4,
  bytes: 10,
  total: 100,
  state: 'running' as const,
  error: '',
  ...over,
});

describe('transfer progress', () => {
  it("moves the frame's destination forward and leaves the others", () => {
    const [t] = applyFrame([TRANSFER], frame({ bytes: 40 }));
    expect(t?.destinations).toEqual([
      { ...destination(4, 'db-1'), bytes: 40, total: 100, state: 'running' },
      destination(5, 'web-2'),
    ]);
  });

  it('ignores frames of other transfers and never undoes a final state', () => {
    const list = [TRANSFER];
    expect(applyFrame(list, frame({ transferId: 'other' }))).toBe(list);
    const failed = applyFrame(list, frame({ state: 'failed', error: 'disk full' }));
    const late = applyFrame(failed, frame({ bytes: 90 }));
    expect(late[0]?.destinations[0]).toMatchObject({
      state: 'failed',
      error: 'disk full',
      bytes: 10,
    });
  });

  it("takes the answer's results as each destination's final word", () => {
    const done = applyResults(
      TRANSFER,
      [
        { serverId: 4, serverName: 'db-1', ok: true, error: '', bytes: 100 },
        { serverId: 5, serverName: 'web-2', ok: false, error: 'No space left on device', bytes: 0 },
      ],
      'failed',
    );
    expect(done.state).toBe('finished');
    expect(done.destinations).toEqual([
      { ...destination(4, 'db-1'), bytes: 100, total: 100, state: 'done' },
      { ...destination(5, 'web-2'), state: 'failed', error: 'No space left on device' },
    ]);
  });

  it('fails a destination the answer does not mention with the failure given', () => {
    const done = applyResults(TRANSFER, undefined, 'The console did not answer');
    expect(done.destinations.map((d) => [d.state, d.error])).toEqual([
      ['failed', 'The console did not answer'],
      ['failed', 'The console did not answer'],
    ]);
  });

  it('reads frames that carry what the dialog needs', () => {
    expect(asTransferMessage(frame({}))).toEqual(frame({}));
    expect(asTransferMessage({ ...frame({}), state: 'paused' })).toBeUndefined();
    expect(asTransferMessage(null)).toBeUndefined();
  });

  it('makes ids the contract accepts', () => {
    expect(newTransferId()).toMatch(/^[A-Za-z0-9-]{1,64}$/);
    expect(newTransferId()).not.toBe(newTransferId());
  });
});
