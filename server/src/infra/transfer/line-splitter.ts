/**
 * Turns a stream of text chunks into whole lines. A `\n` ends a line (a `\r` before it is
 * dropped); a lone `\r`, which progress meters use to redraw, also separates lines, so every
 * update is seen. Call `flush()` at the end for a last line without a line break.
 */
export class LineSplitter {
  private pending = '';

  constructor(private readonly onLine: (line: string) => void) {}

  push(chunk: string): void {
    const parts = (this.pending + chunk).split('\n');
    this.pending = parts.pop() ?? '';
    for (const part of parts) this.emit(part.endsWith('\r') ? part.slice(0, -1) : part);
  }

  flush(): void {
    const rest = this.pending;
    this.pending = '';
    if (rest !== '') this.emit(rest);
  }

  private emit(text: string): void {
    const segments = text.split('\r');
    // A line that only redraws (`a\rb`) yields its visible states; empty redraw segments are noise.
    if (segments.length === 1) return this.onLine(text);
    for (const segment of segments) if (segment !== '') this.onLine(segment);
  }
}
