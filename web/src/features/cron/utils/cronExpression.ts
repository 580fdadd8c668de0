import { isCronExpression } from '@ferry/contract/client';

/** The five fields of an expression, in order. */
const FIELD_NAMES = ['minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek'] as const;
export type CronFieldName = (typeof FIELD_NAMES)[number];

/** Why an expression is refused, to say under the field. */
export type CronProblem =
  | { kind: 'empty' }
  | { kind: 'count'; parts: number }
  | { kind: 'macro'; value: string }
  | { kind: 'field'; field: CronFieldName; value: string };

/** The first field the contract's rule refuses, each tried among otherwise open fields. */
function badField(parts: readonly string[]): CronProblem | undefined {
  for (const [i, field] of FIELD_NAMES.entries()) {
    const value = parts[i] ?? '';
    const alone = FIELD_NAMES.map((_, j) => (j === i ? value : '*')).join(' ');
    if (!isCronExpression(alone)) return { kind: 'field', field, value };
  }
  return undefined;
}

/**
 * What is wrong with `expression` under the server's rule (five fields, or a macro such as
 * `@daily`), or undefined when the server takes it.
 */
export function cronProblem(expression: string): CronProblem | undefined {
  const trimmed = expression.trim();
  if (trimmed === '') return { kind: 'empty' };
  if (isCronExpression(trimmed)) return undefined;
  if (trimmed.startsWith('@')) return { kind: 'macro', value: trimmed };
  const parts = trimmed.split(/[ \t]+/);
  if (parts.length !== FIELD_NAMES.length) return { kind: 'count', parts: parts.length };
  return badField(parts) ?? { kind: 'field', field: 'minute', value: parts[0] ?? '' };
}
