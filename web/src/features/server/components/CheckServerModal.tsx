import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import type { CheckResult, ServerRow } from '../utils/ServerRow';
import { CheckOutcome } from './CheckOutcome';

interface CheckServerModalProps {
  open: boolean;
  server?: ServerRow;
  pending: boolean;
  result?: CheckResult;
  error?: unknown;
  onRetry: () => void;
  onClose: () => void;
}

/** The outcome of a stored server's connection test, asked for from its row. */
export function CheckServerModal({
  open,
  server,
  onRetry,
  onClose,
  ...outcome
}: CheckServerModalProps) {
  const { t } = useTranslation(['server', 'common']);
  return (
    <ResponsiveModal
      open={open}
      title={t('server:check.title', { name: server?.name ?? '' })}
      onCancel={onClose}
      footer={[
        <Button key="retry" disabled={outcome.pending} onClick={onRetry}>
          {t('server:check.again')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('server:close')}
        </Button>,
      ]}
    >
      <CheckOutcome {...outcome} />
    </ResponsiveModal>
  );
}
