import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../ui/ListPage';
import { queryListProps } from '../../../ui/queryListProps';
import { ConsoleTable } from '../components/ConsoleTable';
import { SharedFilesBanner } from '../components/SharedFilesBanner';
import { useConsoleList } from '../hooks/useConsoleList';

/**
 * /system/consoles: every console on this database, whether it is up, and the deploys it runs;
 * read again every 5 s, as the consoles renew their heartbeats. A warning names the consoles
 * whose deploy logs and recordings this one cannot read.
 */
export function ConsolesPage(): ReactElement {
  const { t } = useTranslation(['menu', 'system']);
  const consoles = useConsoleList();
  return (
    <ListPage
      title={t('menu:consoles')}
      subtitle={t('system:consoles.subtitle')}
      {...queryListProps(consoles, t('system:consoles.loadFailed'))}
    >
      <SharedFilesBanner rows={consoles.data ?? []} />
      {/* The first load dims the table; the refreshes every 5 s change the rows in place. */}
      <ConsoleTable rows={consoles.data ?? []} loading={consoles.isPending} />
    </ListPage>
  );
}
