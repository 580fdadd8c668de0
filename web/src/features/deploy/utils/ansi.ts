/** A run of text in one style; `color` is 0-7 (normal) or 8-15 (bright), absent for default. */
export interface AnsiSegment {
  text: string;
  color?: number;
  bold: boolean;
}

interface Style {
  color?: number;
  bold: boolean;
}

// eslint-disable-next-line no-control-regex -- escape sequences are what this parses
const CSI = /\x1b\[([0-9;?]*)([@-~])/g;
// eslint-disable-next-line no-control-regex -- operating-system commands (window titles, links)
const OSC = /\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;
// eslint-disable-next-line no-control-regex -- whatever escape or control byte is left
const STRAY = /\x1b[@-_]?|[\x00-\x08\x0b-\x1f\x7f]/g;

/** Applies one SGR sequence's parameters; colours beyond the 16 (38;5;n, 38;2;r;g;b) are skipped. */
function applySgr(style: Style, params: string): Style {
  const codes = params === '' ? [0] : params.split(';').map((p) => Number(p) || 0);
  let next = { ...style };
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i] ?? 0;
    if (c === 0) next = { bold: false };
    else if (c === 1) next.bold = true;
    else if (c === 22) next.bold = false;
    else if (c >= 30 && c <= 37) next.color = c - 30;
    else if (c >= 90 && c <= 97) next.color = c - 90 + 8;
    else if (c === 39) next.color = undefined;
    else if (c === 38 || c === 48) i += codes[i + 1] === 5 ? 2 : codes[i + 1] === 2 ? 4 : 1;
  }
  return next;
}

/** What a terminal would leave of a line rewritten with carriage returns (progress counters). */
function lastRewrite(line: string): string {
  const parts = line.split('\r');
  return parts.findLast((p) => p !== '') ?? '';
}

/**
 * One output line as styled runs: SGR colours 30-37 and 90-97, bold, and resets are kept; every
 * other escape sequence and control byte is dropped, so nothing unreadable reaches the page.
 */
export function ansiSegments(line: string): AnsiSegment[] {
  const source = lastRewrite(line).replace(OSC, '');
  const out: AnsiSegment[] = [];
  let style: Style = { bold: false };
  const push = (raw: string) => {
    const text = raw.replace(STRAY, '');
    if (!text) return;
    const prev = out.at(-1);
    if (prev && prev.color === style.color && prev.bold === style.bold) prev.text += text;
    else out.push(style.color === undefined ? { text, bold: style.bold } : { text, ...style });
  };
  let at = 0;
  for (const m of source.matchAll(CSI)) {
    push(source.slice(at, m.index));
    if (m[2] === 'm') style = applySgr(style, m[1] ?? '');
    at = m.index + m[0].length;
  }
  push(source.slice(at));
  return out;
}

/** A line as plain text, its colours and escape sequences gone (for copying). */
export function plainText(line: string): string {
  return ansiSegments(line)
    .map((s) => s.text)
    .join('');
}
