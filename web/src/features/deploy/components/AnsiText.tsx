import { memo } from 'react';
import { ansiSegments } from '../utils/ansi';

/**
 * The 16 terminal colours, chosen to read on the log's dark background (which stays dark in the
 * light theme too, as terminals do).
 */
export const ANSI_PALETTE = [
  '#8c8c8c',
  '#ff7875',
  '#95de64',
  '#ffd666',
  '#69b1ff',
  '#ff85c0',
  '#5cdbd3',
  '#d9d9d9',
  '#bfbfbf',
  '#ffa39e',
  '#b7eb8f',
  '#fff1b8',
  '#91caff',
  '#ffadd2',
  '#87e8de',
  '#ffffff',
] as const;

/** One line of command output with its colours, as React text (never as HTML). */
export const AnsiText = memo(function AnsiText({ text }: { text: string }) {
  return ansiSegments(text).map((s, i) =>
    s.color === undefined && !s.bold ? (
      <span key={i}>{s.text}</span>
    ) : (
      <span
        key={i}
        style={{
          color: s.color === undefined ? undefined : ANSI_PALETTE[s.color],
          fontWeight: s.bold ? 700 : undefined,
        }}
      >
        {s.text}
      </span>
    ),
  );
});
