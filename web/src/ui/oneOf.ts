/** `value` when it is one of `values`, else `fallback` (a switch's value arrives as a string). */
export function oneOf<T>(values: readonly T[], value: unknown, fallback: T): T {
  return (values as readonly unknown[]).includes(value) ? (value as T) : fallback;
}
