import { describe, expect, it } from 'vitest';
import { decodeBinaryHubFrame, encodeRunOutputFrame, encodeRunOutputParts } from './hub-binary.js';
import { HubType } from './ws.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('binary run output frames', () => {
  it('carry every piece, in order, as the text it was', () => {
    const frame = encodeRunOutputFrame(7, 3, [
      { stream: 'stdout', parts: [bytes('first line\n'), bytes('zweite Zeile – 第二行\n')] },
      { stream: 'stderr', parts: [bytes('oops\n')] },
      { stream: 'stdout', parts: [] },
    ]);
    expect(decodeBinaryHubFrame(frame)).toEqual({
      type: HubType.remoteRun,
      message: {
        runId: 7,
        serverId: 3,
        output: [
          { stream: 'stdout', text: 'first line\nzweite Zeile – 第二行\n' },
          { stream: 'stderr', text: 'oops\n' },
          { stream: 'stdout', text: '' },
        ],
      },
    });
  });

  it('are read from inside a larger buffer (a view with an offset)', () => {
    const frame = encodeRunOutputFrame(1, 2, [{ stream: 'stdout', parts: [bytes('x\n')] }]);
    const larger = new Uint8Array(frame.length + 10);
    larger.set(frame, 5);
    const view = larger.subarray(5, 5 + frame.length);
    expect(decodeBinaryHubFrame(view)?.message.output).toEqual([{ stream: 'stdout', text: 'x\n' }]);
  });

  it('come in parts: the head, then the very bytes of the pieces (never copies)', () => {
    const first = bytes('one\n');
    const second = bytes('two\n');
    const parts = encodeRunOutputParts(1, 2, [
      { stream: 'stdout', parts: [first, new Uint8Array()] },
      { stream: 'stderr', parts: [second] },
    ]);
    expect(parts).toHaveLength(3);
    expect(parts[1]).toBe(first);
    expect(parts[2]).toBe(second);
    const joined = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    parts.reduce((at, p) => (joined.set(p, at), at + p.length), 0);
    expect(joined).toEqual(
      encodeRunOutputFrame(1, 2, [
        { stream: 'stdout', parts: [first] },
        { stream: 'stderr', parts: [second] },
      ]),
    );
    expect(decodeBinaryHubFrame(joined)?.message.output).toEqual([
      { stream: 'stdout', text: 'one\n' },
      { stream: 'stderr', text: 'two\n' },
    ]);
  });

  it('refuse anything malformed rather than guess', () => {
    const good = encodeRunOutputFrame(1, 2, [{ stream: 'stdout', parts: [bytes('abc\n')] }]);
    const head = (json: string, body = new Uint8Array()) => {
      const h = bytes(json);
      const out = new Uint8Array(4 + h.length + body.length);
      new DataView(out.buffer).setUint32(0, h.length);
      out.set(h, 4);
      out.set(body, 4 + h.length);
      return out;
    };
    const cases = [
      new Uint8Array([0, 0]),
      good.subarray(0, good.length - 1), // a piece cut short
      Uint8Array.of(...good, 0x41), // bytes no piece claims
      Uint8Array.of(0xff, 0xff, 0xff, 0xff, ...good.subarray(4)), // a head longer than the frame
      head('not json'),
      head('{"type":5,"message":{"runId":1,"serverId":1,"output":[]}}'),
      head('{"type":14,"message":{"runId":1,"serverId":1,"output":[{"stream":"tty","size":0}]}}'),
      head(
        '{"type":14,"message":{"runId":1,"serverId":1,"output":[{"stream":"stdout","size":-1}]}}',
      ),
      head('{"type":14,"message":{"runId":"1","serverId":1,"output":[]}}'),
    ];
    for (const frame of cases) expect(decodeBinaryHubFrame(frame)).toBeUndefined();
  });
});
