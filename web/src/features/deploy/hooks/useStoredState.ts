import { useState } from 'react';

function readStored<T>(key: string, read: (raw: unknown) => T): T {
  try {
    return read(JSON.parse(localStorage.getItem(key) ?? 'null'));
  } catch {
    return read(null);
  }
}

/**
 * A value kept in localStorage under `key` (so it outlives the session); `read` turns whatever is
 * stored, even garbage or nothing, into a valid value.
 */
export function useStoredState<T>(key: string, read: (raw: unknown) => T): [T, (value: T) => void] {
  const [value, setValue] = useState(() => readStored(key, read));
  const store = (next: T) => {
    setValue(next);
    try {
      localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // A full or blocked storage: the choice lasts for this visit only.
    }
  };
  return [value, store];
}
