import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAsciicastRecorder, readCast, type RecorderOptions } from './asciicast-recorder.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-cast-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const options = (over: Partial<RecorderOptions> = {}): RecorderOptions => ({
  file: path.join(dir, 'terminal-log', '2026-01', '7.cast.gz'),
  cols: 80,
  rows: 24,
  startedAt: Date.UTC(2026, 0, 2, 3, 4, 5, 678),
  recordInput: false,
  ...over,
});

/** The recording's header and events, parsed line by line. */
async function lines(file: string) {
  const text = await readCast(file);
  expect(text.endsWith('\n')).toBe(true);
  const [header, ...events] = text
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);
  return { header, events: events as [number, string, string][] };
}

describe('the asciicast recorder', () => {
  it('writes a gzip-compressed asciicast v2 file with a header and timed events', async () => {
    const opts = options();
    const rec = await openAsciicastRecorder(opts);
    rec.output(Buffer.from('$ echo hi\r\nhi\r\n'));
    rec.resize(100, 40);
    await rec.close();

    const raw = fs.readFileSync(opts.file);
    expect([raw[0], raw[1]]).toEqual([0x1f, 0x8b]);
    expect(zlib.gunzipSync(raw).toString('utf8')).toBe(await readCast(opts.file));
    expect((fs.statSync(opts.file).mode & 0o777).toString(8)).toBe('600');
    const { header, events } = await lines(opts.file);
    expect(header).toEqual({
      version: 2,
      width: 80,
      height: 24,
      timestamp: Math.floor(opts.startedAt / 1000),
      env: { TERM: 'xterm-256color' },
    });
    expect(events.map(([, code, data]) => [code, data])).toEqual([
      ['o', '$ echo hi\r\nhi\r\n'],
      ['r', '100x40'],
    ]);
    for (const [t] of events) {
      expect(t).toBeGreaterThanOrEqual(0);
      expect(String(t).split('.')[1]?.length ?? 0).toBeLessThanOrEqual(6);
    }
    expect(events[1]![0]).toBeGreaterThanOrEqual(events[0]![0]);
  });

  it('keeps a multibyte character whole when it is split across chunks', async () => {
    const opts = options();
    const rec = await openAsciicastRecorder(opts);
    const euro = Buffer.from('€', 'utf8'); // e2 82 ac
    rec.output(Buffer.concat([Buffer.from('a'), euro.subarray(0, 1)]));
    rec.output(Buffer.concat([euro.subarray(1), Buffer.from('b')]));
    rec.output(Buffer.from('中文', 'utf8').subarray(0, 4));
    await rec.close();
    const { events } = await lines(opts.file);
    const text = events.map(([, , data]) => data).join('');
    expect(text).toBe('a€b中\uFFFD');
    expect(text.slice(0, 4)).not.toContain('\uFFFD');
  });

  it('records keystrokes only when asked to', async () => {
    const off = options();
    const recOff = await openAsciicastRecorder(off);
    recOff.input('secret\r');
    await recOff.close();
    expect((await lines(off.file)).events).toEqual([]);

    const on = options({ file: path.join(dir, 'on.cast.gz'), recordInput: true });
    const recOn = await openAsciicastRecorder(on);
    recOn.input('ls\r');
    recOn.input(Buffer.from('\x1b[M !!'));
    await recOn.close();
    expect((await lines(on.file)).events.map(([, c, d]) => [c, d])).toEqual([
      ['i', 'ls\r'],
      ['i', '\x1b[M !!'],
    ]);
  });

  it('ignores events after close and can be closed twice', async () => {
    const opts = options();
    const rec = await openAsciicastRecorder(opts);
    await rec.close();
    rec.output(Buffer.from('late'));
    await rec.close();
    expect((await lines(opts.file)).events).toEqual([]);
  });

  it("refuses to overwrite another session's recording", async () => {
    const opts = options();
    await (await openAsciicastRecorder(opts)).close();
    await expect(openAsciicastRecorder(opts)).rejects.toThrow(/EEXIST/);
  });

  it('reads a recording cut short up to its last complete block', async () => {
    const file = path.join(dir, 'cut.cast.gz');
    const gzip = zlib.createGzip();
    const parts: Buffer[] = [];
    gzip.on('data', (b: Buffer) => parts.push(b));
    gzip.write('{"version":2,"width":80,"height":24}\n[0.1,"o","kept"]\n');
    await new Promise<void>((resolve) => gzip.flush(zlib.constants.Z_SYNC_FLUSH, () => resolve()));
    fs.writeFileSync(file, Buffer.concat(parts)); // no final block, no trailer
    gzip.close();
    expect(await readCast(file)).toBe('{"version":2,"width":80,"height":24}\n[0.1,"o","kept"]\n');
  });
});
