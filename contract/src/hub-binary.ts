import { HubType, type HubFrame, type RemoteRunMessage } from './ws.js';

/**
 * Bulk output goes on the hub as **binary** WebSocket messages, so the bytes a server printed are
 * never escaped into JSON, re-encoded or parsed as text on the way; every other hub frame is a
 * text message of JSON. Layout: bytes 0-3 the head's length (unsigned big-endian); the head, a
 * JSON hub frame whose output pieces carry their length in bytes (`size`) instead of their text;
 * then the pieces' bytes, in order. Each piece is whole UTF-8. Remote-run output (type 14) is
 * the one such frame today.
 */
export interface OutputPieceBytes {
  stream: 'stdout' | 'stderr';
  /** The piece's bytes, possibly in several parts, sent one after the other. */
  parts: readonly Uint8Array[];
}

interface WireHead {
  type: number;
  message: { runId: number; serverId: number; output: { stream: string; size: number }[] };
}

const HEAD_LENGTH_BYTES = 4;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

const sizeOf = (piece: OutputPieceBytes) => piece.parts.reduce((n, p) => n + p.length, 0);

/**
 * The binary message of run `runId`'s output `pieces` from server `serverId`, in **parts**: the
 * length and head first, then the pieces' own bytes, never copied (the server sends the parts as
 * fragments of one WebSocket message, so bulk output costs no new buffer on its way).
 */
export function encodeRunOutputParts(
  runId: number,
  serverId: number,
  pieces: readonly OutputPieceBytes[],
): Uint8Array[] {
  const output = pieces.map((p) => ({ stream: p.stream, size: sizeOf(p) }));
  const head: WireHead = { type: HubType.remoteRun, message: { runId, serverId, output } };
  const json = encoder.encode(JSON.stringify(head));
  const headBytes = new Uint8Array(HEAD_LENGTH_BYTES + json.length);
  new DataView(headBytes.buffer, headBytes.byteOffset, HEAD_LENGTH_BYTES).setUint32(0, json.length);
  headBytes.set(json, HEAD_LENGTH_BYTES);
  const parts: Uint8Array[] = [headBytes];
  for (const piece of pieces) {
    for (const part of piece.parts) if (part.length > 0) parts.push(part);
  }
  return parts;
}

/** The same message as one buffer: its parts joined (what a receiver gets). */
export function encodeRunOutputFrame(
  runId: number,
  serverId: number,
  pieces: readonly OutputPieceBytes[],
): Uint8Array {
  const parts = encodeRunOutputParts(runId, serverId, pieces);
  const frame = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    frame.set(part, at);
    at += part.length;
  }
  return frame;
}

const isHead = (v: unknown): v is WireHead => {
  if (typeof v !== 'object' || v === null) return false;
  const { type, message } = v as Partial<WireHead>;
  return (
    type === HubType.remoteRun &&
    typeof message?.runId === 'number' &&
    typeof message.serverId === 'number' &&
    Array.isArray(message.output) &&
    message.output.every(
      (p) =>
        (p.stream === 'stdout' || p.stream === 'stderr') && Number.isInteger(p.size) && p.size >= 0,
    )
  );
};

/** The hub frame a binary message carries, its pieces as text; `undefined` for anything else. */
export function decodeBinaryHubFrame(data: Uint8Array): HubFrame<RemoteRunMessage> | undefined {
  if (data.length < HEAD_LENGTH_BYTES) return undefined;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const headEnd = HEAD_LENGTH_BYTES + view.getUint32(0);
  if (headEnd > data.length) return undefined;
  let head: unknown;
  try {
    head = JSON.parse(decoder.decode(data.subarray(HEAD_LENGTH_BYTES, headEnd)));
  } catch {
    return undefined;
  }
  if (!isHead(head)) return undefined;
  const { runId, serverId, output } = head.message;
  if (headEnd + output.reduce((n, p) => n + p.size, 0) !== data.length) return undefined;
  let at = headEnd;
  const pieces = output.map((p) => {
    const text = decoder.decode(data.subarray(at, at + p.size));
    at += p.size;
    return { stream: p.stream as 'stdout' | 'stderr', text };
  });
  return { type: head.type, message: { runId, serverId, output: pieces } };
}
