import { sql, type RawBuilder } from 'kysely';

/** `%text%` for LIKE, with `\`, `%` and `_` taken literally (escape '\'). */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Whether `column` contains `text`, ignoring case, on SQLite and PostgreSQL alike. SECURITY:
 * `column` is a name from the code, never input.
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${likePattern(text)} escape '\\'`;
}
