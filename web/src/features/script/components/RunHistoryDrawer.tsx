import { Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { RunHistorySource } from '../hooks/useRunHistory';
import type { RunDetail } from '../utils/RunDetail';
import { RunDetailView } from './RunDetailView';
import { RunHistoryList } from './RunHistoryList';

interface RunHistoryDrawerProps<D extends RunDetail> {
  open: boolean;
  onClose: () => void;
  /** Whose runs: the script page's, the process page's. */
  source: RunHistorySource<D>;
  onRunAgain: (run: D) => void;
  /** Why Run again cannot run now ('' or none when it can). */
  runAgainBlocked?: string;
  /** Said when no run is recorded yet; the script page's words by default. */
  emptyText?: string;
  /** The heading of what ran; "Script" by default. */
  scriptLabel?: string;
}

/** A run history beside the page: the list, or one run opened from it. */
export function RunHistoryDrawer<D extends RunDetail>(props: RunHistoryDrawerProps<D>) {
  const { open, onClose, source, onRunAgain, runAgainBlocked, emptyText, scriptLabel } = props;
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
        <RunHistoryList source={source} onOpen={setRunId} emptyText={emptyText} />
      ) : (
        <RunDetailView
          source={source}
          id={runId}
          onBack={() => setRunId(undefined)}
          onRunAgain={onRunAgain}
          runAgainBlocked={runAgainBlocked}
          scriptLabel={scriptLabel}
        />
      )}
    </Drawer>
  );
}
