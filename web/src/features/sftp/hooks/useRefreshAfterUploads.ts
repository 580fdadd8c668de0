import { useEffect, useRef } from 'react';
import type { UploadItem } from '../utils/uploadEngine';
import { isWithin } from '../utils/remotePath';
import type { PageUploads } from './useUploads';

/**
 * Lists the directory shown again once the uploads into it (or below it) are over, so new files
 * and folders appear without a click: once per batch, not once per file.
 */
export function useRefreshAfterUploads(
  uploads: PageUploads,
  serverId: number,
  dir: string | undefined,
  refresh: () => void,
): void {
  const latest = useRef({ dir, refresh });
  useEffect(() => {
    latest.current = { dir, refresh };
  });
  useEffect(() => {
    const { engine } = uploads;
    // Uploads finished before this tab looked are not its news.
    const counted = new Set(engine.snapshot().flatMap((i) => (i.state === 'done' ? [i.id] : [])));
    let landed = false;
    const check = () => {
      const here = latest.current.dir;
      const items = engine.snapshot();
      const under = (i: UploadItem) =>
        i.serverId === serverId && here !== undefined && isWithin(i.file, here);
      for (const i of items) {
        if (i.state !== 'done' || counted.has(i.id)) continue;
        counted.add(i.id);
        if (under(i)) landed = true;
      }
      // A batch may end with a failure or a cancel rather than a finished file.
      const busy = items.some((i) => under(i) && (i.state === 'queued' || i.state === 'uploading'));
      if (!landed || busy) return;
      landed = false;
      latest.current.refresh();
    };
    return engine.subscribe(check);
  }, [uploads, serverId]);
}
