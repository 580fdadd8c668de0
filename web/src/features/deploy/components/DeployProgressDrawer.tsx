import { Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { ProgressTarget } from '../hooks/useDeployDialogs';
import { DeployProgress } from './DeployProgress';

interface DeployProgressDrawerProps {
  open: boolean;
  target?: ProgressTarget;
  onClose: () => void;
}

/** The progress of one deploy in a drawer: 960px wide on a desktop, the whole screen on a phone. */
export function DeployProgressDrawer({ open, target, onClose }: DeployProgressDrawerProps) {
  const { t } = useTranslation('deploy');
  const mobile = useIsMobile();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={mobile ? '100%' : 960}
      destroyOnHidden
      title={
        target ? (
          <span>
            {t('progress.title', { name: target.project.name })}{' '}
            <Typography.Text
              type="secondary"
              style={{ fontWeight: 'normal' }}
              copyable={{ text: target.token }}
            >
              {target.token.slice(0, 8)}
            </Typography.Text>
          </span>
        ) : (
          ''
        )
      }
    >
      {target ? <DeployProgress key={target.token} target={target} /> : null}
    </Drawer>
  );
}
