/** One position of a cron expression and the values it accepts (product.md §5). */
export interface CronFieldSpec {
  field: CronField;
  min: number;
  max: number;
}

export type CronField = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'week' | 'year';

const SECOND: CronFieldSpec = { field: 'second', min: 0, max: 59 };
const FIVE: readonly CronFieldSpec[] = [
  { field: 'minute', min: 0, max: 59 },
  { field: 'hour', min: 0, max: 23 },
  { field: 'day', min: 1, max: 31 },
  { field: 'month', min: 1, max: 12 },
  // 0 and 7 are both Sunday, so both the 0-6 and the 1-7 numbering pass.
  { field: 'week', min: 0, max: 7 },
];
// The year range of Quartz, which is where the seven-part form comes from.
const YEAR: CronFieldSpec = { field: 'year', min: 1970, max: 2099 };

/** The fields of a 5-, 6- (seconds first) or 7-part (then the year) expression. */
export function cronLayout(parts: number): readonly CronFieldSpec[] {
  if (parts === 6) return [SECOND, ...FIVE];
  if (parts === 7) return [SECOND, ...FIVE, YEAR];
  return FIVE;
}

/** A number outside its field's range, to name in the error. */
export interface CronRangeProblem {
  field: CronField;
  min: number;
  max: number;
  value: string;
}

/**
 * The plain numbers of one field: list items and range ends, but not step sizes (`*\/10`), the
 * occurrence after `#` (`6#3`, third Saturday) or the offset of `L-3`, which are not field values.
 * Names (JAN, MON) and letters are left to the describer's own syntax check.
 */
function fieldValues(part: string): string[] {
  return part.split(',').flatMap((item) => {
    const base = (item.split('/')[0] ?? '').replace(/#\d+$/, '').replace(/^L-\d+$/i, 'L');
    return base.match(/\d+/g) ?? [];
  });
}

/** The first value outside the range of its field, if any. */
export function findRangeProblem(parts: readonly string[]): CronRangeProblem | undefined {
  const layout = cronLayout(parts.length);
  for (const [i, spec] of layout.entries()) {
    const value = fieldValues(parts[i] ?? '').find((v) => {
      const n = Number(v);
      return n < spec.min || n > spec.max;
    });
    if (value !== undefined) return { ...spec, value };
  }
  return undefined;
}
