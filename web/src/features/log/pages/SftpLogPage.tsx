import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberNames } from '../../../api/options/useMemberNames';
import { useServerNames } from '../../../api/options/useServerNames';
import { FilterBar } from '../../../ui/FilterBar';
import { ListPage } from '../../../ui/ListPage';
import { currentPage } from '../../../ui/pageSearch';
import { useAddressPagination } from '../../../ui/useAddressPagination';
import { SftpLogTable } from '../components/SftpLogTable';
import { useSftpLogs, useSftpLogTotal, type SftpLogFilter } from '../hooks/useSftpLogs';
import { isSftpLogType, SFTP_LOG_TYPES } from '@ferry/contract/client';

const route = getRouteApi('/app/log/sftpLog');

/**
 * /log/sftpLog: every action of the file manager (reads, uploads, edits, transfers, deletes…),
 * filtered by member, server and action, paged by the server.
 */
export function SftpLogPage(): ReactElement {
  const { t } = useTranslation(['menu', 'log']);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const filter: SftpLogFilter = {
    username: search.username ?? '',
    serverName: search.serverName ?? '',
    type: search.type,
  };
  const filtered = Boolean(filter.username || filter.serverName || filter.type);
  const current = currentPage(search);
  const list = useSftpLogs({ ...filter, ...current });
  const total = useSftpLogTotal(filter);
  const memberNames = useMemberNames();
  const serverNames = useServerNames();
  const reload = () => {
    void list.refetch();
    void total.refetch();
  };
  const pagination = useAddressPagination(current, total.data ?? list.data?.length ?? 0, (page) => {
    void navigate({ search: (prev) => ({ ...prev, ...page }) });
  });

  return (
    <ListPage
      title={t('menu:sftpLog')}
      subtitle={t('log:sftpLog.subtitle')}
      filters={
        <FilterBar
          flush
          fields={[
            {
              name: 'username',
              label: t('log:sftpLog.username'),
              placeholder: t('log:sftpLog.usernamePlaceholder'),
              options: memberNames,
            },
            {
              name: 'serverName',
              label: t('log:sftpLog.serverName'),
              placeholder: t('log:sftpLog.serverNamePlaceholder'),
              options: serverNames,
            },
            {
              name: 'type',
              label: t('log:sftpLog.typeFilter'),
              placeholder: t('log:sftpLog.typePlaceholder'),
              choices: SFTP_LOG_TYPES.map((type) => ({
                value: type,
                label: t(`log:sftpLog.type.${type}`),
              })),
            },
          ]}
          values={{
            username: filter.username,
            serverName: filter.serverName,
            type: filter.type ?? '',
          }}
          onSearch={(v) =>
            void navigate({
              search: (prev) => ({
                username: v.username || undefined,
                serverName: v.serverName || undefined,
                type: isSftpLogType(v.type) ? v.type : undefined,
                rows: prev.rows,
              }),
            })
          }
          onReset={() => void navigate({ search: (prev) => ({ rows: prev.rows }) })}
        />
      }
      filtered={filtered}
      reloading={list.isFetching}
      onReload={reload}
      error={
        list.isError
          ? { title: t('log:loadFailed'), error: list.error, onRetry: reload }
          : undefined
      }
    >
      <SftpLogTable
        rows={list.data ?? []}
        loading={list.isFetching}
        filtered={filtered}
        pagination={pagination}
      />
    </ListPage>
  );
}
