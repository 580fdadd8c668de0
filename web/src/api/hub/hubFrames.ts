import type { HubFrame } from '@ferry/contract/client';

type Listener = (message: unknown) => void;

const listeners = new Map<number, Set<Listener>>();

/** Hands a frame of the hub to the subscribers of its type. */
export function publishFrame(frame: HubFrame): void {
  for (const listener of listeners.get(frame.type) ?? []) listener(frame.message);
}

/** Listens to the hub frames of one type (`HubType`); returns the unsubscribe function. */
export function subscribeFrames(type: number, listener: Listener): () => void {
  let set = listeners.get(type);
  if (!set) listeners.set(type, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(type);
  };
}
