import { Writable } from 'node:stream';

/** A console logger whose lines are kept, to look for secrets in (every level by default). */
export function capturedLog(level = 'trace') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, stream, logger: { level, stream } };
}
