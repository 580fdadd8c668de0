import { normaliseRemotePath, remotePathProblem } from '@ferry/contract';
import type { RawData } from 'ws';

/**
 * The largest request frame read. A path is at most 4096 characters, so a request is a few KiB;
 * larger frames (up to the socket's 1 MiB limit) are answered with an error, not parsed.
 */
export const MAX_REQUEST_BYTES = 64 * 1024;

/** Where a listing goes: an absolute normalised path, or the login user's home directory. */
export type ListTarget = { home: true } | { home: false; path: string };

/** One frame from the browser, understood. */
export type SocketRequest =
  /** goploy's: the frame is the path; answered by one frame with the whole directory. */
  | { kind: 'bare'; target: ListTarget }
  /** Ours: answered by streamed frames tagged with `id`. */
  | { kind: 'list'; id: number; target: ListTarget }
  /** Unusable: answered by one error frame (code 10003) echoing what could be read of it. */
  | { kind: 'invalid'; message: string; id?: number; path?: string; op?: 'list' };

const rawSize = (data: RawData) =>
  Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;

const rawText = (data: RawData) =>
  (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)).toString('utf8');

/** `""` and `"~"` mean home; anything else must be an acceptable remote path. */
function targetOf(path: string): ListTarget | string {
  if (path === '' || path === '~') return { home: true };
  const problem = remotePathProblem(path);
  return problem ? `path ${problem}` : { home: false, path: normaliseRemotePath(path) };
}

function parseListRequest(text: string): SocketRequest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'invalid', message: 'request is not valid JSON' };
  }
  const r = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  if (r.op !== 'list') return { kind: 'invalid', message: 'op must be list' };
  const id = r.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) {
    return { kind: 'invalid', op: 'list', message: 'id must be a whole number' };
  }
  if (typeof r.path !== 'string') {
    return { kind: 'invalid', op: 'list', id, message: 'path must be a string' };
  }
  const target = targetOf(r.path);
  if (typeof target === 'string') {
    return { kind: 'invalid', op: 'list', id, path: r.path, message: target };
  }
  return { kind: 'list', id, target };
}

/** Reads one frame: a JSON object is a request of ours, any other text a path (goploy). */
export function parseSocketRequest(data: RawData, isBinary: boolean): SocketRequest {
  if (isBinary) return { kind: 'invalid', message: 'request must be a text frame' };
  if (rawSize(data) > MAX_REQUEST_BYTES) {
    return { kind: 'invalid', message: `request must be at most ${MAX_REQUEST_BYTES} bytes` };
  }
  const text = rawText(data);
  if (text.trimStart().startsWith('{')) return parseListRequest(text);
  const target = targetOf(text);
  if (typeof target === 'string') return { kind: 'invalid', path: text, message: target };
  return { kind: 'bare', target };
}
