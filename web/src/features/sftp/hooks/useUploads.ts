import { useEffect, useState, useSyncExternalStore } from 'react';
import { createUploadEngine, type UploadItem } from '../utils/uploadEngine';
import { createUploadTransport, describeUploadError } from '../utils/uploadTransport';

/** The page's uploads: one queue for every tab, so uploads outlive the tab they started in. */
function createPageUploads() {
  const engine = createUploadEngine({
    transport: createUploadTransport(),
    describeError: describeUploadError,
  });
  return { engine };
}

export type PageUploads = ReturnType<typeof createPageUploads>;

/**
 * The upload queue of the page. Leaving the page stops the uploads without dropping what arrived:
 * uploading the same files to the same place again resumes them. While uploads run, closing the
 * browser tab asks first.
 */
export function usePageUploads(): PageUploads {
  const [uploads] = useState(createPageUploads);
  const items = useUploadItems(uploads);
  const busy = items.some((i) => i.state === 'uploading' || i.state === 'queued');

  useEffect(() => () => uploads.engine.dispose(), [uploads]);
  useEffect(() => {
    if (!busy) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [busy]);
  return uploads;
}

/** The uploads as they stand, rendering again at each change. */
export function useUploadItems(uploads: PageUploads): readonly UploadItem[] {
  return useSyncExternalStore(uploads.engine.subscribe, uploads.engine.snapshot);
}
