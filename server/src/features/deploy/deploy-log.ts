import fs from 'node:fs';
import path from 'node:path';
import { TRACE_DETAIL_LIMIT, TRACE_TRUNCATED_MARK, type DeployStage } from '@ferry/contract';
import SonicBoom from 'sonic-boom';

/** One line as the log file keeps it and the drawer shows it. */
export interface LogLine {
  stage: DeployStage;
  serverId: number;
  line: string;
  /** When the line was printed (epoch ms); absent from logs written before it was kept. */
  at?: number;
}

/** Where one stage's output goes: the deploy's log, and the stage's own (capped) text. */
export interface StageOutput {
  /** A chunk of output; complete lines are written at once, a partial one waits for its end. */
  push(chunk: string): void;
  /** A whole line of the engine's own (a command, a summary). */
  note(line: string): void;
  /** Writes a pending partial line. */
  flush(): void;
  /** Everything the stage printed, capped at 1 MiB with a visible mark. */
  text(): string;
}

/** The full log of one deploy is kept on disk; past this size only the stage texts grow. */
const FILE_LIMIT = 64 * 1024 * 1024;

export const deployLogFile = (sharedDir: string, token: string) =>
  path.join(sharedDir, 'deploy-log', `${token}.jsonl`);

/** Masks each of `secrets` (of 4 characters or more) in a text, as the deploy log does. */
export function secretMask(secrets: readonly string[]): (text: string) => string {
  const masked = secrets.filter((s) => s.length >= 4);
  return (text) => masked.reduce((l, s) => l.split(s).join('***'), text);
}

/**
 * The output of one deploy: every line goes to its file (JSON lines), to the live subscribers
 * and to the text of the stage it came from. SECURITY: the given secrets are masked in every line
 * before it goes anywhere.
 */
export function createDeployLog(opts: {
  file: string;
  secrets: readonly string[];
  publish: (line: LogLine) => void;
}) {
  fs.mkdirSync(path.dirname(opts.file), { recursive: true, mode: 0o700 });
  // Buffered: lines written while a write is under way go out together in the next one, which
  // does not block, instead of one blocking write per line.
  const fd = fs.openSync(opts.file, 'a', 0o600);
  const out = new SonicBoom({ fd, sync: false });
  let written = 0;
  let closed = false;
  const mask = secretMask(opts.secrets);

  function emit(entry: LogLine): void {
    opts.publish(entry);
    if (closed || written > FILE_LIMIT) return;
    const text = JSON.stringify(entry) + '\n';
    written += Buffer.byteLength(text);
    out.write(written > FILE_LIMIT ? JSON.stringify({ ...entry, line: '…' }) + '\n' : text);
  }

  return {
    stage(stage: DeployStage, serverId = 0): StageOutput {
      let pending = '';
      let kept = '';
      let truncated = false;
      const keep = (line: string) => {
        if (truncated) return;
        if (kept.length + line.length + 1 > TRACE_DETAIL_LIMIT) {
          truncated = true;
          kept += TRACE_TRUNCATED_MARK;
          return;
        }
        kept += line + '\n';
      };
      const write = (raw: string) => {
        const line = mask(raw.replace(/\r$/, ''));
        keep(line);
        emit({ stage, serverId, line, at: Date.now() });
      };
      return {
        push(chunk) {
          const parts = (pending + chunk).split('\n');
          pending = parts.pop() ?? '';
          for (const p of parts) write(p);
        },
        note: write,
        flush() {
          if (pending !== '') write(pending);
          pending = '';
        },
        text: () => kept,
      };
    },
    /** Writes what is buffered and closes the file. */
    close(): Promise<void> {
      if (closed) return Promise.resolve();
      closed = true;
      return new Promise<void>((resolve) => {
        out.once('close', () => resolve());
        out.once('error', () => resolve());
        out.end();
      });
    },
  };
}

export type DeployLog = ReturnType<typeof createDeployLog>;

/** How much of the file is read at a time, from its end backwards. */
const TAIL_CHUNK = 256 * 1024;

/**
 * The last `max` lines of a deploy's log file; `truncated` when older lines were left out. Reads
 * from the end of the file only as far back as those lines go.
 */
export async function readDeployLog(
  file: string,
  max = 20_000,
): Promise<{ lines: LogLine[]; truncated: boolean }> {
  let fh: fs.promises.FileHandle;
  try {
    fh = await fs.promises.open(file, 'r');
  } catch {
    return { lines: [], truncated: false };
  }
  const chunks: Buffer[] = [];
  let pos: number;
  try {
    pos = (await fh.stat()).size;
    let newlines = 0;
    // One line more than asked: the first one read may be cut, and is dropped.
    while (pos > 0 && newlines <= max + 1) {
      const len = Math.min(TAIL_CHUNK, pos);
      pos -= len;
      const buf = Buffer.alloc(len);
      await fh.read(buf, 0, len, pos);
      chunks.unshift(buf);
      for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) newlines++;
    }
  } finally {
    await fh.close();
  }
  const raw = Buffer.concat(chunks)
    .toString('utf8')
    .split('\n')
    .filter((l) => l !== '');
  if (pos > 0) raw.shift();
  const lines = raw.slice(-max).flatMap((l) => {
    try {
      return [JSON.parse(l) as LogLine];
    } catch {
      return [];
    }
  });
  return { lines, truncated: pos > 0 || raw.length > max };
}
