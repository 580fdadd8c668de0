import { useTranslation } from 'react-i18next';
import { Dash } from '../../../ui/Dash';
import { formatOsInfo } from '../utils/osInfo';

/** What a server runs, e.g. "Debian GNU/Linux 12 (bookworm) · 2 CPU · 23.4 GiB". */
export function OsInfoText({ osInfo }: { osInfo: string }) {
  const { t } = useTranslation('server');
  const text = formatOsInfo(osInfo, (count) => t('os.cpus', { count }));
  return text ? <span>{text}</span> : <Dash />;
}
