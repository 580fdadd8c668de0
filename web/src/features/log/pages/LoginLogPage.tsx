import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../ui/FilterBar';
import { ListPage } from '../../../ui/ListPage';
import { LoginLogTable } from '../components/LoginLogTable';
import { useLoginLogs, useLoginLogTotal } from '../hooks/useLoginLogs';
import { useAddressPagination } from '../../../ui/useAddressPagination';
import { currentPage } from '../../../ui/pageSearch';

const route = getRouteApi('/app/log/loginLog');

/** /log/loginLog: login attempts, filtered by account and paged by the server. */
export function LoginLogPage(): ReactElement {
  const { t } = useTranslation(['menu', 'log']);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const account = search.account ?? '';
  const current = currentPage(search);
  const list = useLoginLogs({ account, ...current });
  const total = useLoginLogTotal(account);
  const reload = () => {
    void list.refetch();
    void total.refetch();
  };
  const pagination = useAddressPagination(current, total.data ?? list.data?.length ?? 0, (page) => {
    void navigate({ search: (prev) => ({ ...prev, ...page }) });
  });

  return (
    <ListPage
      title={t('menu:loginLog')}
      subtitle={t('log:loginLog.subtitle')}
      filters={
        <FilterBar
          flush
          fields={[
            {
              name: 'account',
              label: t('log:loginLog.account'),
              placeholder: t('log:loginLog.accountPlaceholder'),
            },
          ]}
          values={{ account }}
          onSearch={(v) =>
            void navigate({
              search: (prev) => ({ account: v.account || undefined, rows: prev.rows }),
            })
          }
          onReset={() => void navigate({ search: (prev) => ({ rows: prev.rows }) })}
        />
      }
      filtered={account !== ''}
      reloading={list.isFetching}
      onReload={reload}
      error={
        list.isError
          ? { title: t('log:loadFailed'), error: list.error, onRetry: reload }
          : undefined
      }
    >
      <LoginLogTable
        rows={list.data ?? []}
        loading={list.isFetching}
        filtered={account !== ''}
        pagination={pagination}
      />
    </ListPage>
  );
}
