/**
 * The output a run keeps of one server: everything while it fits in `cap` bytes; beyond that the
 * first and the last half, joined by a line that says how much was left out, so both how a
 * script started and how it ended stay readable.
 */
export class OutputRecord {
  private readonly half: number;
  private head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer[] = [];
  private tailBytes = 0;
  /** Every byte seen. */
  bytes = 0;

  constructor(private readonly cap: number) {
    this.half = Math.floor(cap / 2);
  }

  push(text: string): void {
    let chunk = Buffer.from(text, 'utf8');
    this.bytes += chunk.length;
    if (this.headBytes < this.half) {
      const room = this.half - this.headBytes;
      this.head.push(chunk.subarray(0, room));
      this.headBytes += Math.min(room, chunk.length);
      chunk = chunk.subarray(room);
      if (chunk.length === 0) return;
    }
    this.tail.push(chunk);
    this.tailBytes += chunk.length;
    // Trim the tail to its half now and then, not on every push.
    if (this.tailBytes > this.half * 2) this.trimTail();
  }

  /** Whether something was left out. */
  get cut(): boolean {
    return this.bytes > this.cap;
  }

  text(): string {
    const head = Buffer.concat(this.head).toString('utf8');
    if (!this.cut) return head + Buffer.concat(this.tail).toString('utf8');
    this.trimTail();
    const left = this.bytes - this.headBytes - this.tailBytes;
    const tail = Buffer.concat(this.tail).toString('utf8');
    return `${head}\n[… ${left} bytes of output left out …]\n${tail}`;
  }

  private trimTail(): void {
    const all = Buffer.concat(this.tail);
    const kept = all.subarray(Math.max(0, all.length - this.half));
    this.tail = [kept];
    this.tailBytes = kept.length;
  }
}
