import { StopOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import { useIsMobile } from '../../../ui/useIsMobile';
import { isFinished, type ProgressView } from '../utils/progressView';
import { JobStatusTag } from './JobStatusTag';
import { StageTimer } from './StageTimer';

interface ProgressStatusProps {
  view: ProgressView;
  onCancel: () => void;
}

/** Where the deploy stands in words (its place in the queue while waiting), and its Cancel. */
export function ProgressStatus({ view, onCancel }: ProgressStatusProps) {
  const { t } = useTranslation('deploy');
  const mayCancel = usePermission([Perm.DeployProject, Perm.DeployResetState]);
  // On a phone the steps have no room for their timers: the status line carries it.
  const mobile = useIsMobile();
  const active = view.status !== undefined && !isFinished(view.status);
  let text = '';
  if (view.status === 'queued') {
    text = view.ahead > 0 ? t('progress.ahead', { count: view.ahead }) : t('progress.waitingSlot');
  } else if (view.status === 'running') {
    text = t('progress.running', { stage: t(`stage.${view.stage}`) });
  }
  return (
    <Flex justify="space-between" align="center" gap={12} wrap>
      <Flex gap={8} align="center" wrap>
        {view.status ? <JobStatusTag status={view.status} /> : null}
        {text ? <Typography.Text>{text}</Typography.Text> : null}
        {mobile && view.status === 'running' ? <StageTimer since={view.stageSince} /> : null}
      </Flex>
      {active && mayCancel ? (
        <Button danger icon={<StopOutlined />} onClick={onCancel}>
          {t('action.cancel')}
        </Button>
      ) : null}
    </Flex>
  );
}
