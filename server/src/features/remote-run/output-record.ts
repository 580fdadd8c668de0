/**
 * The output a run keeps of one server: everything while it fits in `cap` bytes; beyond that the
 * first and the last half, joined by a line that says how much was left out, so both how a
 * script started and how it ended stay readable. Text is kept as it came; while it streams, the
 * halves are measured in characters (never more than bytes), and `text()` cuts them to bytes
 * exactly, once.
 */
export class OutputRecord {
  private readonly half: number;
  private head: string[] = [];
  private headChars = 0;
  /** Pieces after the first half; whole pieces are dropped while the rest covers the half. */
  private tail: string[] = [];
  private tailChars = 0;
  private cutChars = 0;
  /** Bytes the server printed, counted as they came (`count`). */
  bytes = 0;

  constructor(private readonly cap: number) {
    this.half = Math.floor(cap / 2);
  }

  /** Counts `n` bytes of output as printed (before masking). */
  count(n: number): void {
    this.bytes += n;
  }

  push(text: string): void {
    if (this.headChars < this.half) {
      const room = this.half - this.headChars;
      this.head.push(text.slice(0, room));
      this.headChars += Math.min(room, text.length);
      if (text.length <= room) return;
      text = text.slice(room);
    }
    this.tail.push(text);
    this.tailChars += text.length;
    while (this.tail.length > 1 && this.tailChars - this.tail[0]!.length >= this.half) {
      const dropped = this.tail.shift()!.length;
      this.tailChars -= dropped;
      this.cutChars += dropped;
    }
  }

  text(): string {
    const head = Buffer.from(this.head.join(''), 'utf8');
    const tail = Buffer.from(this.tail.join(''), 'utf8');
    if (this.cutChars === 0 && head.length + tail.length <= this.cap) {
      return Buffer.concat([head, tail]).toString('utf8');
    }
    const first = head.subarray(0, this.half);
    const last = tail.subarray(Math.max(0, tail.length - this.half));
    const kept = first.length + last.length;
    const left = Math.max(0, this.bytes - kept);
    return `${first.toString('utf8')}\n[… ${left} bytes of output left out …]\n${last.toString('utf8')}`;
  }
}
