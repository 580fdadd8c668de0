import { DEPLOY_STAGES } from '@ferry/contract/client';
import { Steps, type StepsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { ProgressView } from '../utils/progressView';
import { stageIndex } from '../utils/traceRows';

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

/** The stages of a deploy from queue to finish, the current one marked. */
export function DeploySteps({ view }: { view: ProgressView }) {
  const { t } = useTranslation('deploy');
  // Seven titles do not fit across a phone: there the stages are a line of dots, and the status
  // line below names the current one.
  const mobile = useIsMobile();
  const at = stageIndex(view.failedStage ?? view.stage);
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
      }))}
    />
  );
}
