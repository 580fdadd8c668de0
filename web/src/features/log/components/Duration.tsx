import { useTranslation } from 'react-i18next';
import { Dash } from '../../../ui/Dash';
import { durationMs } from '../../../ui/durationMs';

/** How long a request took, to the second (the log stores whole seconds). */
export function Duration({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation('log');
  const ms = durationMs(from, to);
  if (ms === undefined) return <Dash />;
  if (ms < 1000) return <>{t('operationLog.underSecond')}</>;
  return <>{t('operationLog.seconds', { seconds: Math.round(ms / 1000) })}</>;
}
