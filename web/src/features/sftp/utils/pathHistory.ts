/**
 * The directories a tab has shown, for back and forward, as a browser keeps its history: going
 * somewhere new drops what lay ahead.
 */
export interface PathHistory {
  entries: readonly string[];
  /** The entry shown; -1 while nothing has been shown yet. */
  index: number;
}

export const EMPTY_HISTORY: PathHistory = { entries: [], index: -1 };

/** The directory shown, if any. */
export function currentPath(h: PathHistory): string | undefined {
  return h.entries[h.index];
}

/** Goes to `path`: forward entries are dropped; going where one already is changes nothing. */
export function visit(h: PathHistory, path: string): PathHistory {
  if (currentPath(h) === path) return h;
  const entries = [...h.entries.slice(0, h.index + 1), path];
  return { entries, index: entries.length - 1 };
}

/**
 * The console answered with another spelling of the path asked for (the home directory's real
 * path, a normalised one): the current entry becomes it, without a new step.
 */
export function replaceCurrent(h: PathHistory, path: string): PathHistory {
  if (h.index < 0) return visit(h, path);
  if (currentPath(h) === path) return h;
  const entries = [...h.entries];
  entries[h.index] = path;
  // The step before may now be the same directory (home, then its real path): keep one.
  if (h.index > 0 && entries[h.index - 1] === path) {
    entries.splice(h.index, 1);
    return { entries, index: h.index - 1 };
  }
  return { entries, index: h.index };
}

export const canGoBack = (h: PathHistory) => h.index > 0;
export const canGoForward = (h: PathHistory) => h.index >= 0 && h.index < h.entries.length - 1;

/** One step back, or the same history at its start. */
export function back(h: PathHistory): PathHistory {
  return canGoBack(h) ? { ...h, index: h.index - 1 } : h;
}

/** One step forward, or the same history at its end. */
export function forward(h: PathHistory): PathHistory {
  return canGoForward(h) ? { ...h, index: h.index + 1 } : h;
}
