import { useCallback, useEffect, useRef, useState } from 'react';
import { md5OfBlob } from '../utils/md5Hash';

export type Md5FileState =
  | { phase: 'idle' }
  | { phase: 'reading'; name: string; size: number; read: number }
  | { phase: 'done'; name: string; size: number; hash: string }
  | { phase: 'cancelled'; name: string }
  | { phase: 'failed'; name: string; message: string };

/**
 * Hashes one file at a time in the browser: a new file or `cancel` stops the one being read, and
 * so does unmounting (closing the dialog).
 */
export function useMd5File() {
  const [state, setState] = useState<Md5FileState>({ phase: 'idle' });
  const running = useRef<AbortController | undefined>(undefined);

  const start = useCallback((file: File) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const { name, size } = file;
    setState({ phase: 'reading', name, size, read: 0 });
    const onProgress = (read: number) => {
      if (!controller.signal.aborted) setState({ phase: 'reading', name, size, read });
    };
    md5OfBlob(file, { signal: controller.signal, onProgress }).then(
      (hash) => {
        if (!controller.signal.aborted) setState({ phase: 'done', name, size, hash });
      },
      (error: unknown) => {
        // Cancelled (already shown), or a newer file took over and shows its own state.
        if (controller.signal.aborted) return;
        setState({ phase: 'failed', name, message: String(error) });
      },
    );
  }, []);

  /** Stops reading and says so at once, without waiting for the chunk being read. */
  const cancel = useCallback(() => {
    running.current?.abort();
    setState((prev) => (prev.phase === 'reading' ? { phase: 'cancelled', name: prev.name } : prev));
  }, []);

  useEffect(() => () => running.current?.abort(), []);

  return { state, start, cancel };
}
