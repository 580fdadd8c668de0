import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleRow } from '../utils/ConsoleRow';

/**
 * Above the table: the consoles up now whose deploy logs and terminal recordings this console
 * cannot read, because the two do not share one `FERRY_SHARED_DIR`; nothing when all do.
 */
export function SharedFilesBanner({ rows }: { rows: readonly ConsoleRow[] }) {
  const { t } = useTranslation('system');
  const apart = rows.filter((row) => row.up && !row.sharedFiles);
  if (apart.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('consoles.apart.title', {
        count: apart.length,
        hosts: apart.map((row) => row.host).join(', '),
      })}
      description={t('consoles.apart.help')}
    />
  );
}
