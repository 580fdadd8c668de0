/**
 * The bound servers a command runs on: all of them until the user ticks some (`picked`
 * undefined), else those ticked that are still bound, in the project's order.
 */
export function chosenServers<S extends { id: number }>(
  bound: readonly S[],
  picked: readonly number[] | undefined,
): S[] {
  if (picked === undefined) return [...bound];
  const ids = new Set(picked);
  return bound.filter((s) => ids.has(s.id));
}
