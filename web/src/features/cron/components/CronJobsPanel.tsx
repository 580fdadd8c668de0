import { Flex } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ListBody } from '../../../ui/ListBody';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import type { useDialog } from '../../../ui/useDialog';
import { useFeedback } from '../../../ui/useFeedback';
import { useCronJobs } from '../hooks/useCronJobs';
import { useCronMutations } from '../hooks/useCronMutations';
import { useEditedBlockGuard } from '../hooks/useEditedBlockGuard';
import type { CronJob } from '../utils/cronRows';
import { BindServersModal } from './BindServersModal';
import { CronJobDrawer } from './CronJobDrawer';
import { CronJobsTable } from './CronJobsTable';
import { CronLogsDrawer } from './CronLogsDrawer';
import { CrontabEditedModal } from './CrontabEditedModal';
import { FenceAlert } from './FenceAlert';

interface CronJobsPanelProps {
  serverId: number;
  /** The job drawer: a job to edit, or none to add one (the page's button opens it too). */
  drawer: ReturnType<typeof useDialog<CronJob>>;
}

/** The server's jobs, their dialogs, and the question a hand-edited block asks. */
export function CronJobsPanel({ serverId, drawer }: CronJobsPanelProps): ReactElement {
  const { t } = useTranslation('cron');
  const { message } = useFeedback();
  const jobs = useCronJobs(serverId);
  const { toggle, remove } = useCronMutations(serverId);
  const edited = useEditedBlockGuard();
  const confirm = useConfirmAction();
  const [logsOf, setLogsOf] = useState<CronJob>();
  const [bindOf, setBindOf] = useState<CronJob>();
  const [toggling, setToggling] = useState<number>();
  const nameOf = (job: CronJob) => job.description || job.command;

  const onToggle = (job: CronJob, on: boolean) => {
    setToggling(job.id);
    edited
      .guard((resolve) => toggle.mutateAsync({ id: job.id, state: on ? 1 : 0, resolve }))
      .then((done) => {
        if (done) void message.success(t(on ? 'list.switchedOn' : 'list.switchedOff'));
      })
      .catch(() => undefined)
      .finally(() => setToggling(undefined));
  };
  const onDelete = (job: CronJob) =>
    confirm({
      title: t('list.deleteTitle', { name: nameOf(job) }),
      content: t('list.deleteContent'),
      okText: t('list.deleteOk'),
      run: () =>
        edited
          .guard((resolve) => remove.mutateAsync({ id: job.id, resolve }))
          .then((done) => {
            // Cancelled at the hand-edit question: nothing was deleted, nothing to say.
            if (!done) throw new Error('cancelled');
          }),
      done: t('list.deleted'),
    });

  return (
    <Flex vertical gap={12}>
      {jobs.data ? <FenceAlert fence={jobs.data.fence} /> : null}
      <ListBody
        reloading={jobs.isFetching}
        onReload={() => void jobs.refetch()}
        error={
          jobs.isError && !jobs.data
            ? { title: t('list.loadFailed'), error: jobs.error, onRetry: () => void jobs.refetch() }
            : undefined
        }
      >
        <CronJobsTable
          jobs={jobs.data?.list ?? []}
          loading={jobs.isPending}
          toggling={toggling}
          onEdit={(job) => drawer.show(job)}
          onLogs={setLogsOf}
          onBind={setBindOf}
          onDelete={onDelete}
          onToggle={onToggle}
        />
      </ListBody>
      <CronJobDrawer
        open={drawer.open}
        serverId={serverId}
        job={drawer.value}
        guard={edited.guard}
        onClose={drawer.close}
      />
      <CronLogsDrawer
        serverId={serverId}
        job={logsOf}
        onClose={() => {
          setLogsOf(undefined);
          // The history read the server's new runs: the last runs in the list follow at once.
          void jobs.refetch();
        }}
      />
      <BindServersModal job={bindOf} onClose={() => setBindOf(undefined)} />
      <CrontabEditedModal
        block={edited.asked}
        resolving={edited.resolving}
        onChoose={(resolve) => void edited.choose(resolve)}
        onCancel={edited.cancel}
      />
    </Flex>
  );
}
