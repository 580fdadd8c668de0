import { ferry } from './ferry.js';

/** Everything piped to stdin, as text. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Resolves once everything written to `stream` so far has been handed to the system. */
const flushed = (stream: NodeJS.WriteStream) =>
  new Promise<void>((resolve) => stream.write('', () => resolve()));

const code = await ferry({
  argv: process.argv.slice(2),
  env: process.env,
  streams: { stdout: process.stdout, stderr: process.stderr },
  readStdin,
});
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
// Idle keep-alive connections of fetch would hold the process open for seconds.
process.exit(code);
