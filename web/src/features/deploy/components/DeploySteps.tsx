import { DEPLOY_STAGES } from '@ferry/contract/client';
import { Steps, type StepsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { TraceRow } from '../utils/DeployRow';
import type { ProgressView } from '../utils/progressView';
import { formatDuration, stageDurations } from '../utils/stageTimes';
import { stageIndex } from '../utils/traceRows';
import { StageTimer } from './StageTimer';

/** The status of the current step: red where it failed, done at the end, running in between. */
function currentStatus(view: ProgressView): StepsProps['status'] {
  switch (view.status) {
    case 'failed':
      return 'error';
    case 'succeeded':
      return 'finish';
    case 'cancelled':
      return 'wait';
    case 'queued':
    case 'running':
    case undefined:
      return 'process';
  }
}

/**
 * The stages of a deploy from queue to finish, the current one marked: the running stage with a
 * live timer, the finished ones with how long they took.
 */
export function DeploySteps({ view, trace }: { view: ProgressView; trace: readonly TraceRow[] }) {
  const { t } = useTranslation('deploy');
  // Seven titles do not fit across a phone: there the stages are a line of dots, and the status
  // line below names the current one.
  const mobile = useIsMobile();
  const at = stageIndex(view.failedStage ?? view.stage);
  const durations = stageDurations(trace);
  const describe = (stage: (typeof DEPLOY_STAGES)[number]) => {
    if (view.status === 'running' && stage === view.stage && view.stageSince > 0) {
      return <StageTimer since={view.stageSince} />;
    }
    const took = durations[stage];
    return took === undefined ? undefined : formatDuration(took);
  };
  return (
    <Steps
      size="small"
      type={mobile ? 'inline' : 'default'}
      responsive={!mobile}
      current={at}
      status={currentStatus(view)}
      items={DEPLOY_STAGES.map((stage) => ({
        key: stage,
        title: mobile ? undefined : t(`stage.${stage}`),
        content: mobile ? undefined : describe(stage),
      }))}
    />
  );
}
