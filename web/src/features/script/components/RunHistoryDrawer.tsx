import { Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { RunDetail } from '../utils/RunDetail';
import { RunDetailView } from './RunDetailView';
import { RunHistoryList } from './RunHistoryList';

interface RunHistoryDrawerProps {
  open: boolean;
  onClose: () => void;
  onRunAgain: (run: RunDetail) => void;
}

/** The run history beside the page: the list, or one run opened from it. */
export function RunHistoryDrawer({ open, onClose, onRunAgain }: RunHistoryDrawerProps) {
  const { t } = useTranslation('script');
  const mobile = useIsMobile();
  const [runId, setRunId] = useState<number>();
  return (
    <Drawer
      title={t('history.title')}
      open={open}
      onClose={onClose}
      size={mobile ? '100%' : 760}
      destroyOnHidden
      afterOpenChange={(shown) => {
        if (!shown) setRunId(undefined);
      }}
    >
      {runId === undefined ? (
        <RunHistoryList onOpen={setRunId} />
      ) : (
        <RunDetailView id={runId} onBack={() => setRunId(undefined)} onRunAgain={onRunAgain} />
      )}
    </Drawer>
  );
}
