import { getRouteApi } from '@tanstack/react-router';
import { Card } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/PageHeader';
import { FilterBar } from '../../../ui/FilterBar';
import { PagedListState } from '../../../ui/PagedListState';
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
  const pagination = useAddressPagination(current, total.data ?? list.data?.length ?? 0, (page) => {
    void navigate({ search: (prev) => ({ ...prev, ...page }) });
  });

  return (
    <>
      <PageHeader title={t('menu:loginLog')} subtitle={t('log:loginLog.subtitle')} />
      <Card>
        <FilterBar
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
        <PagedListState list={list} total={total} title={t('log:loadFailed')}>
          <LoginLogTable
            rows={list.data ?? []}
            loading={list.isFetching}
            filtered={account !== ''}
            pagination={pagination}
          />
        </PagedListState>
      </Card>
    </>
  );
}
