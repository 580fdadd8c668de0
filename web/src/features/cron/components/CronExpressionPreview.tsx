import { Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { cronLocaleOf } from '../../../ui/cronWords';
import { nextCronRuns } from '../../../ui/nextCronRuns';
import { cronProblem } from '../utils/cronExpression';
import { cronDescription } from '../utils/cronText';

/** How many coming runs the form lists. */
const NEXT_RUNS = 5;

/** A valid expression in words and its next runs in the console's time; nothing when invalid. */
export function CronExpressionPreview({ expression }: { expression: string }): ReactElement | null {
  const { t, i18n } = useTranslation('cron');
  if (cronProblem(expression)) return null;
  const words = cronDescription(expression, cronLocaleOf(i18n.language));
  const runs = nextCronRuns(expression, NEXT_RUNS);
  return (
    <Flex vertical gap={4} role="group" aria-label={t('form.preview')}>
      <Typography.Text strong>{words}</Typography.Text>
      {runs && runs.length > 0 ? (
        <>
          <Typography.Text type="secondary">{t('form.nextRuns')}</Typography.Text>
          <ol aria-label={t('form.nextRuns')} style={{ margin: 0, paddingInlineStart: 20 }}>
            {runs.map((run) => (
              <li key={run.getTime()}>
                <Typography.Text type="secondary">
                  {dayjs(run).format('YYYY-MM-DD HH:mm')}
                </Typography.Text>
              </li>
            ))}
          </ol>
        </>
      ) : (
        <Typography.Text type="secondary">{t('form.noNextRuns')}</Typography.Text>
      )}
    </Flex>
  );
}
