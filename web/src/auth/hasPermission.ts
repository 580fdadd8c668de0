/**
 * True when `held` contains any one of `anyOf`; an empty or missing requirement is open to every
 * logged-in user.
 */
export function hasPermission(
  held: readonly number[] | undefined,
  anyOf: readonly number[] | undefined,
): boolean {
  if (!anyOf || anyOf.length === 0) return true;
  if (!held || held.length === 0) return false;
  return anyOf.some((id) => held.includes(id));
}
