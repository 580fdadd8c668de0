import { Writable } from 'node:stream';
import { loggerOptions } from '../src/core/http/logger-options.js';

/**
 * A console logger whose lines are kept, to look for secrets in (every level by default), with
 * the serializers the console logs with (request addresses redacted, error texts scrubbed).
 */
export function capturedLog(level = 'trace') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, stream, logger: loggerOptions(level, stream) };
}
