/** Variables by name (without `${}`), as scripts see them. */
export type Variables = Record<string, string>;

/**
 * Replaces every `${NAME}` of `vars` in `text`, in one pass (a value is never substituted again),
 * as goploy's plain replacement does; unknown names stay as written (the shell may know them).
 */
export function substitute(text: string, vars: Variables): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? (vars[name] as string) : whole,
  );
}
