/** A UTF-8 continuation byte (10xxxxxx): never the first byte of a character. */
const isContinuation = (byte: number | undefined) => byte !== undefined && (byte & 0xc0) === 0x80;

/**
 * The output a run keeps of one server: everything while it fits in `cap` bytes; beyond that the
 * first and the last half, joined by a line that says how much was left out, so both how a
 * script started and how it ended stay readable. Bytes are kept as they came (masked); the
 * halves are cut between characters, never inside one.
 */
export class OutputRecord {
  private readonly half: number;
  private head: Buffer[] = [];
  private headBytes = 0;
  /** Pieces after the first half; whole pieces are dropped while the rest covers the half. */
  private tail: Buffer[] = [];
  private tailBytes = 0;
  private cutBytes = 0;
  /** Whether the head's end fell inside a character. */
  private headSplit = false;
  /** Bytes the server printed, counted as they came (`count`). */
  bytes = 0;

  constructor(private readonly cap: number) {
    this.half = Math.floor(cap / 2);
  }

  /** Counts `n` bytes of output as printed (before masking). */
  count(n: number): void {
    this.bytes += n;
  }

  push(bytes: Buffer): void {
    if (this.headBytes < this.half) {
      const room = this.half - this.headBytes;
      this.head.push(bytes.subarray(0, room));
      this.headBytes += Math.min(room, bytes.length);
      if (bytes.length <= room) return;
      this.headSplit = isContinuation(bytes[room]);
      bytes = bytes.subarray(room);
    }
    this.tail.push(bytes);
    this.tailBytes += bytes.length;
    while (this.tail.length > 1 && this.tailBytes - this.tail[0]!.length >= this.half) {
      const dropped = this.tail.shift()!.length;
      this.tailBytes -= dropped;
      this.cutBytes += dropped;
    }
  }

  text(): string {
    const head = Buffer.concat(this.head);
    const tail = Buffer.concat(this.tail);
    if (this.cutBytes === 0 && head.length + tail.length <= this.cap) {
      return Buffer.concat([head, tail]).toString('utf8');
    }
    // The head ends before a character it would split; the tail starts at a whole one.
    let headEnd = head.length;
    if (this.headSplit) {
      while (headEnd > 0 && isContinuation(head[headEnd - 1])) headEnd--;
      headEnd = Math.max(0, headEnd - 1);
    }
    let tailStart = Math.max(0, tail.length - this.half);
    while (tailStart < tail.length && isContinuation(tail[tailStart])) tailStart++;
    const first = head.subarray(0, headEnd);
    const last = tail.subarray(tailStart);
    const left = Math.max(0, this.bytes - first.length - last.length);
    return `${first.toString('utf8')}\n[… ${left} bytes of output left out …]\n${last.toString('utf8')}`;
  }
}
