import type { JobStatus } from '@ferry/contract/client';
import { Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListBody } from '../../../ui/ListBody';
import { PAGE_SIZES } from '../../../ui/pageSizes';
import { useIsMobile } from '../../../ui/useIsMobile';
import { useDeployHistory } from '../hooks/useDeployHistory';
import { useRollback } from '../hooks/useRollback';
import type { DeployRow } from '../utils/DeployRow';
import {
  isHistoryFiltered,
  NO_HISTORY_FILTER,
  previewQuery,
  type HistoryFilter,
} from '../utils/previewQuery';
import { HistoryFilters } from './HistoryFilters';
import { HistoryTable } from './HistoryTable';

interface DeployHistoryDrawerProps {
  open: boolean;
  project?: DeployRow;
  onClose: () => void;
  onProgress: (project: Pick<DeployRow, 'id' | 'name'>, token: string, known?: JobStatus) => void;
}

/** The deploys of one project with goploy's filters; each opens its detail or rolls back to it. */
export function DeployHistoryDrawer({
  open,
  project,
  onClose,
  onProgress,
}: DeployHistoryDrawerProps) {
  const { t } = useTranslation('deploy');
  const mobile = useIsMobile();
  const [filter, setFilter] = useState<HistoryFilter>(NO_HISTORY_FILTER);
  const [page, setPage] = useState({ page: 1, rows: 10 });
  const rollback = useRollback();
  const query = previewQuery(project?.id ?? 0, filter, page);
  const history = useDeployHistory(query, open && project !== undefined);
  const search = (next: HistoryFilter) => {
    setFilter(next);
    setPage((p) => ({ ...p, page: 1 }));
  };
  const forget = () => {
    setFilter(NO_HISTORY_FILTER);
    setPage({ page: 1, rows: 10 });
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      afterOpenChange={(visible) => (visible ? undefined : forget())}
      size={mobile ? '100%' : 960}
      title={project ? t('history.title', { name: project.name }) : ''}
      destroyOnHidden
    >
      {project ? (
        <ListBody
          filters={<HistoryFilters onSearch={search} />}
          filtered={isHistoryFiltered(filter)}
          reloading={history.isFetching}
          onReload={() => void history.refetch()}
          error={
            history.isError
              ? {
                  title: t('history.loadFailed'),
                  error: history.error,
                  onRetry: () => void history.refetch(),
                }
              : undefined
          }
        >
          <HistoryTable
            rows={history.data?.list ?? []}
            loading={history.isFetching}
            pagination={{
              current: page.page,
              pageSize: page.rows,
              total: history.data?.pagination.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [...PAGE_SIZES],
              showTotal: (total) => t('history.total', { total }),
              onChange: (next, rows) => setPage({ page: rows === page.rows ? next : 1, rows }),
            }}
            onDetail={(row) => onProgress(project, row.token, row.status)}
            onRollback={(row) => rollback(project, row, (token) => onProgress(project, token))}
          />
        </ListBody>
      ) : null}
    </Drawer>
  );
}
