import { getRouteApi } from '@tanstack/react-router';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../auth/useUserInfo';
import { FilterBar } from '../../../ui/FilterBar';
import { ListPage } from '../../../ui/ListPage';
import { OperationLogDrawer } from '../components/OperationLogDrawer';
import { OperationLogTable } from '../components/OperationLogTable';
import { useAddressPagination } from '../../../ui/useAddressPagination';
import { useOperationLogs, useOperationLogTotal } from '../hooks/useOperationLogs';
import { currentPage } from '../../../ui/pageSearch';
import type { OperationLogRow } from '../utils/rows';
import { useMemberNames } from '../../../api/options/useMemberNames';

const route = getRouteApi('/app/log/operationLog');

/**
 * /log/operationLog: recorded changes, filtered by member, page and API and paged by the server.
 * Super managers see every namespace, others the current one (the server decides).
 */
export function OperationLogPage(): ReactElement {
  const { t } = useTranslation(['menu', 'log']);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const allNamespaces = useUserInfo()?.userInfo.superManager === 1;
  const filter = {
    username: search.username ?? '',
    router: search.router ?? '',
    api: search.api ?? '',
  };
  const current = currentPage(search);
  const list = useOperationLogs({ ...filter, ...current });
  const total = useOperationLogTotal(filter);
  const memberNames = useMemberNames();
  const reload = () => {
    void list.refetch();
    void total.refetch();
  };
  const pagination = useAddressPagination(current, total.data ?? list.data?.length ?? 0, (page) => {
    void navigate({ search: (prev) => ({ ...prev, ...page }) });
  });
  const [details, setDetails] = useState<{ open: boolean; log?: OperationLogRow }>({
    open: false,
  });

  return (
    <>
      <ListPage
        title={t('menu:operationLog')}
        subtitle={
          allNamespaces
            ? t('log:operationLog.subtitleAll')
            : t('log:operationLog.subtitleNamespace')
        }
        filters={
          <FilterBar
            flush
            fields={[
              {
                name: 'username',
                label: t('log:operationLog.username'),
                placeholder: t('log:operationLog.usernamePlaceholder'),
                options: memberNames,
              },
              {
                name: 'router',
                label: t('log:operationLog.router'),
                placeholder: t('log:operationLog.routerPlaceholder'),
              },
              {
                name: 'api',
                label: t('log:operationLog.api'),
                placeholder: t('log:operationLog.apiPlaceholder'),
              },
            ]}
            values={filter}
            onSearch={(v) =>
              void navigate({
                search: (prev) => ({
                  username: v.username || undefined,
                  router: v.router || undefined,
                  api: v.api || undefined,
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
            ? { title: t('log:loadFailed'), error: list.error, onRetry: reload }
            : undefined
        }
      >
        <OperationLogTable
          rows={list.data ?? []}
          loading={list.isFetching}
          filtered={Object.values(filter).some(Boolean)}
          pagination={pagination}
          onDetails={(log) => setDetails({ open: true, log })}
        />
      </ListPage>
      <OperationLogDrawer
        open={details.open}
        log={details.log}
        onClose={() => setDetails((d) => ({ ...d, open: false }))}
      />
    </>
  );
}
