/** A field a template can read, found in the sample data of its use. */
export interface TemplateField {
  /** The dotted path, as written between `{{` and `}}`. */
  path: string;
  /** The sample value, as the preview prints it; empty for a list. */
  sample: string;
  /** A list to go through with `{{#each path}}`; its items' fields follow, indented. */
  list: boolean;
  /** 0 for a field of the message, 1 for a field of a list's item. */
  depth: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The fields of a use's sample data, in its order: nested objects as dotted paths, a list as one
 * entry followed by the fields of its first item (read inside `{{#each}}` by their own names).
 * Derived from the data, so the list stays true when a field is added.
 */
export function templateFields(data: unknown, prefix = '', depth = 0): TemplateField[] {
  if (!isRecord(data)) return [];
  return Object.entries(data).flatMap(([key, value]): TemplateField[] => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value)) {
      return [{ path, sample: '', list: true, depth }, ...templateFields(value[0], '', depth + 1)];
    }
    if (isRecord(value)) return templateFields(value, path, depth);
    return [{ path, sample: String(value), list: false, depth }];
  });
}
