import type { SftpEntry } from '@ferry/contract';

/** A frame carries at most this many rows… */
export const MAX_ROWS_PER_FRAME = 500;
/** …and rows wait at most this long for others to join them. */
export const MAX_ROW_WAIT_MS = 50;

/**
 * Gathers the rows of a streamed listing into frames: one goes out when it holds
 * `MAX_ROWS_PER_FRAME` rows or when its first row has waited `MAX_ROW_WAIT_MS`. A small
 * directory thus answers with its final frame alone; a large one shows its first rows at once.
 */
export function createRowBatcher(send: (rows: SftpEntry[]) => void) {
  let rows: SftpEntry[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (rows.length === 0) return;
    const out = rows;
    rows = [];
    send(out);
  };
  return {
    add(batch: SftpEntry[]) {
      for (const row of batch) {
        rows.push(row);
        if (rows.length >= MAX_ROWS_PER_FRAME) flush();
      }
      if (rows.length > 0 && !timer) timer = setTimeout(flush, MAX_ROW_WAIT_MS);
    },
    /** The rows not sent yet, for the final frame; nothing is sent after this. */
    rest(): SftpEntry[] {
      clearTimeout(timer);
      timer = undefined;
      const out = rows;
      rows = [];
      return out;
    },
  };
}
