import { useStoredState } from './useStoredState';

const readIds = (raw: unknown): number[] =>
  Array.isArray(raw) ? raw.filter((v): v is number => Number.isInteger(v)) : [];

/** The projects pinned to the top of the deploy page, kept in this browser. */
export function usePinnedProjects() {
  const [pinned, setPinned] = useStoredState('ferry.deploy.pinned', readIds);
  const toggle = (id: number) =>
    setPinned(pinned.includes(id) ? pinned.filter((x) => x !== id) : [...pinned, id]);
  return { pinned, toggle };
}
