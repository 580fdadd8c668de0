import type { TFunction } from 'i18next';
import type { CronProblem } from './cronExpression';

/** The rule an expression breaks, in the user's words. */
export function cronProblemText(problem: CronProblem, t: TFunction<'cron'>): string {
  switch (problem.kind) {
    case 'empty':
      return t('form.expressionRequired');
    case 'count':
      return t('form.expressionCount', { count: problem.parts });
    case 'macro':
      return t('form.expressionMacro', { value: problem.value });
    case 'field':
      return t('form.expressionField', {
        field: t(`field.${problem.field}`),
        value: problem.value,
      });
  }
}
