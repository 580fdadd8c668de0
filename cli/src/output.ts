/** Where a command's words go: stdout for results, stderr for errors and progress. */
export interface Streams {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown; isTTY?: boolean };
}

type Paint = (text: string) => string;

const ansi =
  (open: number, close: number): Paint =>
  (text) =>
    `\u001b[${open}m${text}\u001b[${close}m`;
const plain: Paint = (text) => text;

/**
 * The command's output. Human mode prints lines, with colour and a progress line only when
 * stdout is a terminal (and NO_COLOR is unset); `--json` mode keeps stdout for the one JSON
 * document and sends streamed lines to stderr.
 */
export class Output {
  readonly tty: boolean;
  readonly colour: boolean;
  private progressShown = false;

  constructor(
    private readonly streams: Streams,
    readonly json: boolean,
    env: Record<string, string | undefined> = {},
  ) {
    this.tty = streams.stdout.isTTY === true;
    this.colour = this.tty && !json && env.NO_COLOR === undefined;
  }

  readonly green: Paint = (t) => (this.colour ? ansi(32, 39)(t) : plain(t));
  readonly red: Paint = (t) => (this.colour ? ansi(31, 39)(t) : plain(t));
  readonly yellow: Paint = (t) => (this.colour ? ansi(33, 39)(t) : plain(t));
  readonly dim: Paint = (t) => (this.colour ? ansi(2, 22)(t) : plain(t));
  readonly bold: Paint = (t) => (this.colour ? ansi(1, 22)(t) : plain(t));

  /** A line of the human output (in `--json` mode: to stderr, so stdout stays one document). */
  line(text: string): void {
    this.clearProgress();
    (this.json ? this.streams.stderr : this.streams.stdout).write(`${text}\n`);
  }

  /** The one JSON document of `--json` mode. */
  document(value: unknown): void {
    this.clearProgress();
    this.streams.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** A line on stderr: errors and warnings. */
  error(text: string): void {
    this.clearProgress();
    this.streams.stderr.write(`${text}\n`);
  }

  /** A status line redrawn in place, on a terminal only (a CI log gets no control codes). */
  progress(text: string): void {
    if (!this.tty || this.json) return;
    this.streams.stdout.write(`\r\u001b[2K${this.dim(text)}`);
    this.progressShown = true;
  }

  clearProgress(): void {
    if (!this.progressShown) return;
    this.streams.stdout.write('\r\u001b[2K');
    this.progressShown = false;
  }
}

/** Rows as aligned columns under a header; every cell is text. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const render = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [render(header), ...rows.map(render)];
}
