/**
 * The output a run keeps of one server: everything while it fits in `cap` bytes; beyond that the
 * first and the last half, joined by a line that says how much was left out, so both how a
 * script started and how it ended stay readable. Text is kept as it came (strings); only the
 * piece that crosses the first half's end and the trimmed tail are encoded to be cut exactly.
 */
export class OutputRecord {
  private readonly half: number;
  private head = '';
  private headBytes = 0;
  private tail: string[] = [];
  private tailBytes = 0;
  /** Every byte seen. */
  bytes = 0;

  constructor(private readonly cap: number) {
    this.half = Math.floor(cap / 2);
  }

  push(text: string): void {
    const size = Buffer.byteLength(text, 'utf8');
    this.bytes += size;
    if (this.headBytes < this.half) {
      const room = this.half - this.headBytes;
      if (size <= room) {
        this.head += text;
        this.headBytes += size;
        return;
      }
      const bytes = Buffer.from(text, 'utf8');
      this.head += bytes.subarray(0, room).toString('utf8');
      this.headBytes = this.half;
      return this.toTail(bytes.subarray(room).toString('utf8'), size - room);
    }
    this.toTail(text, size);
  }

  /** Whether something was left out. */
  get cut(): boolean {
    return this.bytes > this.cap;
  }

  text(): string {
    if (!this.cut) return this.head + this.tail.join('');
    this.trimTail();
    const left = this.bytes - this.headBytes - this.tailBytes;
    return `${this.head}\n[… ${left} bytes of output left out …]\n${this.tail.join('')}`;
  }

  private toTail(text: string, size: number): void {
    this.tail.push(text);
    this.tailBytes += size;
    // Trim the tail to its half now and then, not on every push.
    if (this.tailBytes > this.half * 2) this.trimTail();
  }

  private trimTail(): void {
    if (this.tailBytes <= this.half) return;
    const all = Buffer.from(this.tail.join(''), 'utf8');
    const kept = all.subarray(all.length - this.half);
    this.tail = [kept.toString('utf8')];
    this.tailBytes = kept.length;
  }
}
