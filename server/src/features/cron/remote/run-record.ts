import { RUN_FILE } from './cron-scripts.js';

/** One run of a job as the wrapper recorded it. */
export interface RunRecord {
  /** The record's file name: unique per server (job id, start, process id). */
  name: string;
  cronId: number;
  startTime: number;
  endTime: number;
  code: number;
  skipped: boolean;
  /** The output kept, with a mark when it was cut. */
  message: string;
}

const int = (text: string | undefined) =>
  text !== undefined && /^\d+$/.test(text) ? Number(text) : NaN;

/**
 * Reads a record (`key=value` lines, `--`, then the output); undefined when it is not one the
 * wrapper wrote (a record half written is never seen: it is moved into place whole).
 */
export function parseRunRecord(name: string, content: string): RunRecord | undefined {
  if (!RUN_FILE.test(name)) return undefined;
  const split = content.indexOf('\n--\n');
  if (split < 0) return undefined;
  const fields = new Map(
    content
      .slice(0, split)
      .split('\n')
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)] as const),
  );
  const [cronId, startTime, endTime, code, skipped, truncated] = [
    'id',
    'start',
    'end',
    'code',
    'skipped',
    'truncated',
  ].map((k) => int(fields.get(k)));
  const numbers = [cronId, startTime, endTime, code, skipped, truncated] as number[];
  if (numbers.some(Number.isNaN)) return undefined;
  let message = content.slice(split + 4);
  if ((truncated as number) > 0) message += `\n… [output cut: ${String(truncated)} bytes in all]`;
  return {
    name,
    cronId: cronId as number,
    startTime: startTime as number,
    endTime: Math.max(endTime as number, startTime as number),
    code: code as number,
    skipped: skipped === 1,
    message,
  };
}
