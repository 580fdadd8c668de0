import { Perm } from '@ferry/contract/client';
import { getRouteApi } from '@tanstack/react-router';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberNames } from '../../../api/options/useMemberNames';
import { useProjectNames } from '../../../api/options/useProjectNames';
import { usePermission } from '../../../auth/usePermission';
import { FilterBar } from '../../../ui/FilterBar';
import { ListPage } from '../../../ui/ListPage';
import { currentPage } from '../../../ui/pageSearch';
import { useAddressPagination } from '../../../ui/useAddressPagination';
import { DeployProgressDrawer } from '../../deploy';
import { PublishLogTable } from '../components/PublishLogTable';
import { usePublishLogs, usePublishLogTotal } from '../hooks/usePublishLogs';
import type { PublishLogRow } from '../utils/publishLogRow';

const route = getRouteApi('/app/log/publishLog');

/**
 * /log/publishLog: every deploy, newest first, filtered by publisher and project and paged by the
 * server; a row opens the deploy's detail as the deploy page shows it.
 */
export function PublishLogPage(): ReactElement {
  const { t } = useTranslation(['menu', 'log']);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const filter = { username: search.username ?? '', projectName: search.projectName ?? '' };
  const current = currentPage(search);
  const list = usePublishLogs({ ...filter, ...current });
  const total = usePublishLogTotal(filter);
  const memberNames = useMemberNames();
  const projectNames = useProjectNames();
  const mayOpen = usePermission([Perm.DeployDetail, Perm.DeployProject]);
  const [shown, setShown] = useState<{ open: boolean; row?: PublishLogRow }>({ open: false });
  const reload = () => {
    void list.refetch();
    void total.refetch();
  };
  const pagination = useAddressPagination(current, total.data ?? list.data?.length ?? 0, (page) => {
    void navigate({ search: (prev) => ({ ...prev, ...page }) });
  });
  const filtered = Object.values(filter).some(Boolean);

  return (
    <>
      <ListPage
        title={t('menu:publishLog')}
        subtitle={t('log:publishLog.subtitle')}
        filters={
          <FilterBar
            flush
            fields={[
              {
                name: 'username',
                label: t('log:publishLog.username'),
                placeholder: t('log:publishLog.usernamePlaceholder'),
                options: memberNames,
              },
              {
                name: 'projectName',
                label: t('log:publishLog.projectName'),
                placeholder: t('log:publishLog.projectNamePlaceholder'),
                options: projectNames,
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
        <PublishLogTable
          rows={list.data ?? []}
          loading={list.isFetching}
          filtered={filtered}
          pagination={pagination}
          onDetails={mayOpen ? (row) => setShown({ open: true, row }) : undefined}
        />
      </ListPage>
      <DeployProgressDrawer
        open={shown.open}
        target={
          shown.row
            ? {
                project: { id: shown.row.projectId, name: shown.row.projectName },
                token: shown.row.token,
              }
            : undefined
        }
        onClose={() => setShown((s) => ({ ...s, open: false }))}
      />
    </>
  );
}
