import { getRouteApi } from '@tanstack/react-router';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../ui/FilterBar';
import { ListPage } from '../../../ui/ListPage';
import { useMemberNames } from '../../../api/options/useMemberNames';
import { useServerNames } from '../../../api/options/useServerNames';
import { useAddressPagination } from '../../../ui/useAddressPagination';
import { currentPage } from '../../../ui/pageSearch';
import { ReplayModal } from '../components/ReplayModal';
import { TerminalLogTable } from '../components/TerminalLogTable';
import { useTerminalLogs, useTerminalLogTotal } from '../hooks/useTerminalLogs';
import type { TerminalLogRow } from '../utils/TerminalLogRow';

const route = getRouteApi('/app/log/terminalLog');

/**
 * /log/terminalLog: web terminal sessions, filtered by member and server and paged by the server;
 * a session's recording can be replayed or downloaded (ShowTerminalRecord).
 */
export function TerminalLogPage(): ReactElement {
  const { t } = useTranslation(['menu', 'terminal']);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const filter = { username: search.username ?? '', serverName: search.serverName ?? '' };
  const current = currentPage(search);
  const list = useTerminalLogs({ ...filter, ...current });
  const total = useTerminalLogTotal(filter);
  const memberNames = useMemberNames();
  const serverNames = useServerNames();
  const reload = () => {
    void list.refetch();
    void total.refetch();
  };
  const pagination = useAddressPagination(current, total.data ?? list.data?.length ?? 0, (page) => {
    void navigate({ search: (prev) => ({ ...prev, ...page }) });
  });
  const [replay, setReplay] = useState<{ open: boolean; log?: TerminalLogRow }>({ open: false });

  return (
    <>
      <ListPage
        title={t('menu:terminalLog')}
        subtitle={t('terminal:log.subtitle')}
        filters={
          <FilterBar
            flush
            fields={[
              {
                name: 'username',
                label: t('terminal:log.username'),
                placeholder: t('terminal:log.usernamePlaceholder'),
                options: memberNames,
              },
              {
                name: 'serverName',
                label: t('terminal:log.serverName'),
                placeholder: t('terminal:log.serverNamePlaceholder'),
                options: serverNames,
              },
            ]}
            values={filter}
            onSearch={(v) =>
              void navigate({
                search: (prev) => ({
                  username: v.username || undefined,
                  serverName: v.serverName || undefined,
                  rows: prev.rows,
                }),
              })
            }
            onReset={() => void navigate({ search: (prev) => ({ rows: prev.rows }) })}
          />
        }
        filtered={Object.values(filter).some(Boolean)}
        reloading={list.isFetching}
        onReload={reload}
        error={
          list.isError
            ? { title: t('terminal:log.loadFailed'), error: list.error, onRetry: reload }
            : undefined
        }
      >
        <TerminalLogTable
          rows={list.data ?? []}
          loading={list.isFetching}
          filtered={Object.values(filter).some(Boolean)}
          pagination={pagination}
          onReplay={(log) => setReplay({ open: true, log })}
        />
      </ListPage>
      <ReplayModal
        open={replay.open}
        log={replay.log}
        onClose={() => setReplay((r) => ({ ...r, open: false }))}
      />
    </>
  );
}
