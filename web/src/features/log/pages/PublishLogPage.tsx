import { getRouteApi } from '@tanstack/react-router';
import { Card } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/PageHeader';
import { FilterBar } from '../../../ui/FilterBar';
import { PagedListState } from '../../../ui/PagedListState';
import { PublishLogTable } from '../components/PublishLogTable';
import { useAddressPagination } from '../../../ui/useAddressPagination';
import { usePublishLogs, usePublishLogTotal } from '../hooks/usePublishLogs';
import { currentPage } from '../../../ui/pageSearch';

const route = getRouteApi('/app/log/publishLog');

/**
 * /log/publishLog: every deploy, newest first, filtered by publisher and project and paged by the
 * server; a failed one shows what its stages reported.
 */
export function PublishLogPage(): ReactElement {
  const { t } = useTranslation(['menu', 'log']);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const filter = { username: search.username ?? '', projectName: search.projectName ?? '' };
  const current = currentPage(search);
  const list = usePublishLogs({ ...filter, ...current });
  const total = usePublishLogTotal(filter);
  const pagination = useAddressPagination(current, total.data ?? list.data?.length ?? 0, (page) => {
    void navigate({ search: (prev) => ({ ...prev, ...page }) });
  });

  return (
    <>
      <PageHeader title={t('menu:publishLog')} subtitle={t('log:publishLog.subtitle')} />
      <Card>
        <FilterBar
          fields={[
            {
              name: 'username',
              label: t('log:publishLog.username'),
              placeholder: t('log:publishLog.usernamePlaceholder'),
            },
            {
              name: 'projectName',
              label: t('log:publishLog.projectName'),
              placeholder: t('log:publishLog.projectNamePlaceholder'),
            },
          ]}
          values={filter}
          onSearch={(v) =>
            void navigate({
              search: (prev) => ({
                username: v.username || undefined,
                projectName: v.projectName || undefined,
                rows: prev.rows,
              }),
            })
          }
          onReset={() => void navigate({ search: (prev) => ({ rows: prev.rows }) })}
        />
        <PagedListState list={list} total={total} title={t('log:loadFailed')}>
          <PublishLogTable
            rows={list.data ?? []}
            loading={list.isFetching}
            filtered={Object.values(filter).some(Boolean)}
            pagination={pagination}
          />
        </PagedListState>
      </Card>
    </>
  );
}
