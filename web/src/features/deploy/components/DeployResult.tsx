import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TraceRow } from '../utils/DeployRow';
import type { ProgressView } from '../utils/progressView';
import { orderTrace, traceExt } from '../utils/traceRows';
import { OutputBlock } from './OutputBlock';

/** How a finished deploy ended; a failure with the output of the step that failed. */
export function DeployResult({ view, trace }: { view: ProgressView; trace: readonly TraceRow[] }) {
  const { t } = useTranslation('deploy');
  if (view.status === 'succeeded') {
    return <Alert type="success" showIcon title={t('result.succeeded')} />;
  }
  if (view.status === 'cancelled') {
    return <Alert type="info" showIcon title={t('result.cancelled')} />;
  }
  const failed = orderTrace(trace).find((r) => r.state === 0);
  const server = failed ? traceExt(failed).serverName : '';
  const stage = t(`stage.${view.failedStage ?? view.stage}`);
  return (
    <Alert
      type="error"
      showIcon
      title={server ? t('result.failedOn', { stage, server }) : t('result.failed', { stage })}
      description={
        failed?.detail ? (
          <Flex vertical gap={4} style={{ marginTop: 8 }}>
            <OutputBlock text={failed.detail} label={t('result.detail')} />
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('result.seeLog')}</Typography.Text>
        )
      }
    />
  );
}
