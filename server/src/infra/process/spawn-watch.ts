import { AsyncLocalStorage } from 'node:async_hooks';

/** Told of every program `runCommand` starts (each leads its own process group) and ends. */
export interface SpawnWatcher {
  started(pid: number): void;
  ended(pid: number): void;
}

/**
 * The watcher of the work now running (a job sets one around its handler), so that every local
 * program it starts, however deep in the call, is known to it without being passed down.
 */
export const spawnWatch = new AsyncLocalStorage<SpawnWatcher>();
