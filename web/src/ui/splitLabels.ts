/** The labels of a comma-separated `label`: trimmed, without empties or repeats, in order. */
export function splitLabels(label: string): string[] {
  return [
    ...new Set(
      label
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}
