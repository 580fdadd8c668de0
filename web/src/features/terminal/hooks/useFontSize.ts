import { useCallback, useState } from 'react';
import { clampFontSize, storedFontSize, storeFontSize } from '../utils/fontSize';

/** The terminal font size, remembered in this browser; changes stay within 10-24 px. */
export function useFontSize(): [number, (size: number) => void] {
  const [size, setSize] = useState(storedFontSize);
  const change = useCallback((next: number) => {
    const clamped = clampFontSize(next);
    storeFontSize(clamped);
    setSize(clamped);
  }, []);
  return [size, change];
}
