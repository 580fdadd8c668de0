import { Divider, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListBody } from '../../../ui/ListBody';
import { queryListProps } from '../../../ui/queryListProps';
import { PAGE_SIZES } from '../../../ui/pageSizes';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { ResponsiveDrawer } from '../../../ui/ResponsiveDrawer';
import { useDeployTasks, useTaskMutations } from '../hooks/useDeployTasks';
import type { DeployRow } from '../utils/DeployRow';
import { ScheduleForm } from './ScheduleForm';
import { TaskTable } from './TaskTable';

interface ScheduleDrawerProps {
  open: boolean;
  project?: DeployRow;
  onClose: () => void;
  onProgress: (project: Pick<DeployRow, 'id' | 'name'>, token: string) => void;
}

/** A project's scheduled deploys (goploy's deploy tasks, plus repeating ones) and a form to add one. */
export function ScheduleDrawer({ open, project, onClose, onProgress }: ScheduleDrawerProps) {
  const { t } = useTranslation('schedule');
  const [page, setPage] = useState({ page: 1, rows: 10 });
  const projectId = open && project ? project.id : 0;
  const tasks = useDeployTasks(projectId, page);
  const { remove } = useTaskMutations(projectId);
  const confirm = useConfirmAction();

  return (
    <ResponsiveDrawer
      open={open}
      onClose={onClose}
      width={860}
      title={project ? t('title', { name: project.name }) : ''}
    >
      {project ? (
        <>
          <ListBody {...queryListProps(tasks, t('loadFailed'))}>
            <TaskTable
              rows={tasks.data?.list ?? []}
              loading={tasks.isFetching}
              pagination={{
                current: page.page,
                pageSize: page.rows,
                total: tasks.data?.pagination.total ?? 0,
                pageSizeOptions: [...PAGE_SIZES],
                onChange: (next, rows) => setPage({ page: rows === page.rows ? next : 1, rows }),
              }}
              onProgress={(token) => onProgress(project, token)}
              onRemove={(row) =>
                confirm({
                  title: t('removeTitle'),
                  content: t('removeContent'),
                  okText: t('remove'),
                  run: () => remove.mutateAsync(row.id),
                  done: t('removed'),
                })
              }
            />
          </ListBody>
          <Divider />
          <Typography.Title level={5}>{t('addTitle')}</Typography.Title>
          <ScheduleForm
            projectId={project.id}
            onAdded={() => setPage((p) => ({ ...p, page: 1 }))}
          />
        </>
      ) : null}
    </ResponsiveDrawer>
  );
}
