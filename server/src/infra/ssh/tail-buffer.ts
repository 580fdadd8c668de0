/** Keeps only the last `limit` bytes of a stream of chunks, so a chatty command cannot fill memory. */
export class TailBuffer {
  private chunks: Buffer[] = [];
  private size = 0;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    // Drop whole chunks from the front while what remains still covers the limit.
    while (this.chunks.length > 1 && this.size - this.chunks[0]!.length >= this.limit) {
      this.size -= this.chunks.shift()!.length;
    }
  }

  /** The kept bytes (at most `limit`) decoded as UTF-8; a character cut at the start is replaced. */
  text(): string {
    const all = Buffer.concat(this.chunks, this.size);
    return all.subarray(Math.max(0, all.length - this.limit)).toString('utf8');
  }
}
