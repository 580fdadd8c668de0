import { cronWords, type CronLocale } from '../../../ui/cronWords';
import { cronProblem } from './cronExpression';

/**
 * A valid expression in words, in `locale`; the expression itself when the describer cannot put
 * it in words, and undefined when it is not valid.
 */
export function cronDescription(expression: string, locale: CronLocale): string | undefined {
  if (cronProblem(expression)) return undefined;
  const trimmed = expression.trim();
  try {
    return cronWords(trimmed, locale);
  } catch {
    return trimmed;
  }
}
