/** A run of output from one stream; a pane's text is a list of them. */
export interface OutputSegment {
  /** Stable across appends, so a view redraws only the segment that grew. */
  id: number;
  stream: 'stdout' | 'stderr';
  text: string;
}

/** One server's output as its pane holds it: the newest text, within a cap. */
export interface PaneOutput {
  segments: readonly OutputSegment[];
  /** Characters held in `segments`. */
  size: number;
  /** Characters dropped from the start to stay within the cap. */
  dropped: number;
  nextId: number;
}

/**
 * What a pane keeps on the page: about 2 MB of text. A server that prints more keeps its newest
 * output, and the pane says how much earlier output it let go.
 */
export const PANE_OUTPUT_CAP = 2 * 1024 * 1024;
/**
 * A segment grows to about this size before the next one starts, so appending redraws a small
 * text node and dropping the oldest text removes whole segments.
 */
export const SEGMENT_SIZE = 64 * 1024;

export const EMPTY_OUTPUT: PaneOutput = { segments: [], size: 0, dropped: 0, nextId: 1 };

/** The output with `pieces` appended in order, the oldest text dropped beyond `cap` characters. */
export function appendOutput(
  output: PaneOutput,
  pieces: readonly { stream: 'stdout' | 'stderr'; text: string }[],
  cap = PANE_OUTPUT_CAP,
): PaneOutput {
  const segments = [...output.segments];
  let { size, dropped, nextId } = output;
  for (const piece of pieces) {
    if (!piece.text) continue;
    const last = segments[segments.length - 1];
    if (last && last.stream === piece.stream && last.text.length < SEGMENT_SIZE) {
      segments[segments.length - 1] = { ...last, text: last.text + piece.text };
    } else {
      segments.push({ id: nextId++, stream: piece.stream, text: piece.text });
    }
    size += piece.text.length;
  }
  while (size > cap && segments.length > 0) {
    const first = segments[0]!;
    const over = size - cap;
    // The oldest segment goes whole, or keeps its newest lines from a line's start.
    const keep =
      first.text.length <= over ? '' : tailFromLineStart(first.text, first.text.length - over);
    const cut = first.text.length - keep.length;
    if (keep) segments[0] = { ...first, text: keep };
    else segments.shift();
    size -= cut;
    dropped += cut;
  }
  return { segments, size, dropped, nextId };
}

/** At most the last `max` characters of `text`, starting at a line's start when one is there. */
function tailFromLineStart(text: string, max: number): string {
  if (text.length <= max) return text;
  const tail = text.slice(text.length - max);
  if (text[text.length - max - 1] === '\n') return tail;
  const newline = tail.indexOf('\n');
  return newline >= 0 && newline < tail.length - 1 ? tail.slice(newline + 1) : tail;
}

/** The output of a recorded run (one text, no streams told apart), within the same cap. */
export function outputOf(text: string, cap = PANE_OUTPUT_CAP): PaneOutput {
  return appendOutput(EMPTY_OUTPUT, [{ stream: 'stdout', text }], cap);
}
