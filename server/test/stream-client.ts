/**
 * An HTTP client in a process of its own, so that a test measures the console's memory alone
 * (making 200 MiB of test data costs the maker memory too). Run by `streamInChild`.
 *
 *   tsx stream-client.ts '<json StreamSpec>'   → prints one JSON StreamOutcome line
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { generated, httpRequest, type HttpCall } from './sftp-fixtures.js';

export interface StreamSpec {
  base: string;
  method: string;
  route: string;
  call: Omit<HttpCall, 'body'>;
  /** Bytes `from`…`size` of the test pattern as the body, or inside a multipart form. */
  upload?: { size: number; from?: number; multipart?: { boundary: string; filename: string } };
}

export interface StreamOutcome {
  status: number;
  headers: Record<string, unknown>;
  /** The answer's text, or the sha256 and length of a body that is not JSON. */
  text?: string;
  sha256?: string;
  bytes?: number;
}

function bodyOf(upload: NonNullable<StreamSpec['upload']>): Readable {
  const content = generated(upload.size, { from: upload.from ?? 0 }).stream;
  const form = upload.multipart;
  if (!form) return content;
  const head =
    `--${form.boundary}\r\nContent-Disposition: form-data; name="file"; ` +
    `filename="${form.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return Readable.from(
    (async function* () {
      yield Buffer.from(head);
      for await (const part of content) yield part as Buffer;
      yield Buffer.from(`\r\n--${form.boundary}--\r\n`);
    })(),
    { objectMode: false, highWaterMark: 64 * 1024 },
  );
}

async function run(spec: StreamSpec): Promise<StreamOutcome> {
  const body = spec.upload ? bodyOf(spec.upload) : undefined;
  const res = await httpRequest(spec.base, spec.method, spec.route, {
    ...spec.call,
    ...(body ? { body } : {}),
  });
  const outcome: StreamOutcome = { status: res.statusCode ?? 0, headers: res.headers };
  if (String(res.headers['content-type']).startsWith('application/json')) {
    let text = '';
    for await (const part of res) text += (part as Buffer).toString('utf8');
    return { ...outcome, text };
  }
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const part of res) {
    hash.update(part as Buffer);
    bytes += (part as Buffer).length;
  }
  return { ...outcome, sha256: hash.digest('hex'), bytes };
}

run(JSON.parse(process.argv[2]!) as StreamSpec).then(
  (outcome) => process.stdout.write(`${JSON.stringify(outcome)}\n`),
  (err: unknown) => {
    process.stderr.write(`${String(err)}\n`);
    process.exit(1);
  },
);
