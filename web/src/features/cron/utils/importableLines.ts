import type { CrontabSource } from './cronRows';

/**
 * The lines an import may take: plain job lines (outside Ferry's block) of the crontab Ferry
 * writes, the SSH user's own; other users' and system crontabs are only shown.
 */
export function importableLineNos(source: CrontabSource): number[] {
  if (!source.editable) return [];
  return source.lines.filter((line) => line.kind === 'job').map((line) => line.lineNo);
}

/** The chosen lines still importable after the crontab was read again, in line order. */
export function keptChoice(chosen: readonly number[], sources: readonly CrontabSource[]): number[] {
  const importable = new Set(sources.flatMap(importableLineNos));
  return [...new Set(chosen)].filter((n) => importable.has(n)).sort((a, b) => a - b);
}
