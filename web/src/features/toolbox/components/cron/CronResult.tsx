import { Alert, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { describeCron, nextRuns, type CronDescription, type CronLocale } from '../../utils/cron';

const RUNS = 5;

interface CronResultProps {
  /** The expression as submitted. */
  expression: string;
  locale: CronLocale;
}

/** The failure in the interface language; the English texts are the specification's own. */
function useFailureText(result: Extract<CronDescription, { ok: false }>) {
  const { t } = useTranslation('toolbox');
  const title = t(`cron.errors.${result.reason}`, { parts: result.parts ?? 0 });
  const range = result.range;
  const detail = range
    ? t('cron.errors.range', {
        field: t(`cron.fields.${range.field}`),
        min: range.min,
        max: range.max,
        value: range.value,
      })
    : undefined;
  return { title, detail };
}

function CronFailure({ result }: { result: Extract<CronDescription, { ok: false }> }) {
  const { title, detail } = useFailureText(result);
  return <Alert type="error" showIcon role="alert" title={title} description={detail} />;
}

/** The description of a valid expression and the next five times it fires. */
function CronSuccess({ text, expression }: { text: string; expression: string }) {
  const { t } = useTranslation('toolbox');
  const runs = useMemo(() => nextRuns(expression, RUNS), [expression]);
  return (
    <Flex vertical gap={8}>
      <Alert type="success" showIcon title={text} role="status" aria-label={t('cron.result')} />
      <Typography.Text strong>{t('cron.nextRuns')}</Typography.Text>
      {runs.length > 0 ? (
        <ol aria-label={t('cron.nextRuns')} style={{ margin: 0, paddingInlineStart: 24 }}>
          {runs.map((run) => (
            <li key={run.getTime()}>
              <Typography.Text code>{dayjs(run).format('YYYY-MM-DD HH:mm:ss')}</Typography.Text>
            </li>
          ))}
        </ol>
      ) : (
        <Typography.Text type="secondary">{t('cron.noRuns')}</Typography.Text>
      )}
    </Flex>
  );
}

/** What the describer says about `expression`: a description and next runs, or the error. */
export function CronResult({ expression, locale }: CronResultProps): ReactElement {
  const result = useMemo(() => describeCron(expression, locale), [expression, locale]);
  if (!result.ok) return <CronFailure result={result} />;
  return <CronSuccess text={result.text} expression={expression} />;
}
