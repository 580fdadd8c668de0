/**
 * The terminal socket's frames (`/ws/xterm`).
 *
 * Browser → console:
 * - a **text** frame is keystrokes, written to the shell as they are (what goploy's client sends);
 * - a **binary** frame whose first byte is `TerminalControl.resize` (0x01) is a resize: bytes 1-2
 *   the columns, bytes 3-4 the rows, unsigned big-endian. Text frames are never read as control,
 *   so nothing a user types or pastes can resize or otherwise steer the session;
 * - any other binary frame is raw input bytes (xterm.js `onBinary`, e.g. legacy mouse reports,
 *   which start with ESC).
 *
 * Console → browser: **binary** frames of terminal output. The socket closes with
 * `TerminalClose.ended` when the shell exits, `TerminalClose.idle` after the idle limit,
 * `TerminalClose.serverDisabled` when the server is disabled or edited, and code 4100 with the
 * SSH failure's message as reason when the console cannot reach the server.
 */
export const TerminalControl = { resize: 0x01 } as const;

export const TerminalClose = {
  /** The shell exited (`exit`, or the SSH side closed). */
  ended: 1000,
  /** No input or output for the idle limit. */
  idle: 4101,
  /** The server was disabled or its connection settings changed. */
  serverDisabled: 4102,
  /** The SSH connection failed; the close reason carries the message. */
  sshFailed: 4100,
} as const;

/** A resize control frame. */
export function encodeResize(cols: number, rows: number): Uint8Array {
  const frame = new Uint8Array(5);
  frame[0] = TerminalControl.resize;
  frame[1] = (cols >> 8) & 0xff;
  frame[2] = cols & 0xff;
  frame[3] = (rows >> 8) & 0xff;
  frame[4] = rows & 0xff;
  return frame;
}

/** Reads a binary frame: a resize, or raw input. Sizes outside 1-1000 are ignored (undefined). */
export function decodeBinaryFrame(
  frame: Uint8Array,
):
  { kind: 'resize'; cols: number; rows: number } | { kind: 'input'; data: Uint8Array } | undefined {
  if (frame[0] !== TerminalControl.resize) return { kind: 'input', data: frame };
  if (frame.length !== 5) return undefined;
  const cols = ((frame[1] ?? 0) << 8) | (frame[2] ?? 0);
  const rows = ((frame[3] ?? 0) << 8) | (frame[4] ?? 0);
  if (cols < 1 || cols > 1000 || rows < 1 || rows > 1000) return undefined;
  return { kind: 'resize', cols, rows };
}
