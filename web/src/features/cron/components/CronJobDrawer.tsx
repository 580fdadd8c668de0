import { Form } from 'antd';
import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveDrawer } from '../../../ui/ResponsiveDrawer';
import { SaveFooter } from '../../../ui/SaveFooter';
import { useFeedback } from '../../../ui/useFeedback';
import { useFormRefusal } from '../../../ui/useFormRefusal';
import { useCronMutations } from '../hooks/useCronMutations';
import type { CrontabWrite } from '../hooks/useEditedBlockGuard';
import { CRON_FIELDS, cronInputOf, cronValuesOf, type CronFormValues } from '../utils/cronForm';
import type { CronJob } from '../utils/cronRows';
import { CronFormFields } from './CronFormFields';

interface CronJobDrawerProps {
  open: boolean;
  serverId: number;
  /** The job to edit; none to add one. */
  job?: CronJob;
  /** Runs the write, asking the user first when Ferry's block was edited by hand. */
  guard: (write: CrontabWrite) => Promise<boolean>;
  onClose: () => void;
}

/** Adds a job to the server's crontab or edits one: saved at once into Ferry's block. */
export function CronJobDrawer(props: CronJobDrawerProps): ReactElement {
  const { open, serverId, job, guard, onClose } = props;
  const { t } = useTranslation('cron');
  const { message } = useFeedback();
  const [form] = Form.useForm<CronFormValues>();
  const { add, edit } = useCronMutations(serverId);
  const refused = useFormRefusal(form, CRON_FIELDS);
  const saving = add.isPending || edit.isPending;

  useEffect(() => {
    if (open) form.setFieldsValue(cronValuesOf(job));
  }, [open, job, form]);

  const save = (values: CronFormValues) => {
    const input = cronInputOf(values);
    const write: CrontabWrite = (resolve) =>
      job
        ? edit.mutateAsync({ ...input, id: job.id, resolve })
        : add.mutateAsync({ ...input, serverId, resolve });
    guard(write).then((done) => {
      if (!done) return;
      void message.success(t(job ? 'form.saved' : 'form.added'));
      onClose();
    }, refused);
  };

  return (
    <ResponsiveDrawer
      open={open}
      width={600}
      title={t(job ? 'form.editTitle' : 'form.addTitle')}
      onClose={onClose}
      footer={
        <SaveFooter
          cancelText={t('form.cancel')}
          saveText={t('form.save')}
          saving={saving}
          onCancel={onClose}
          onSave={() => form.submit()}
        />
      }
    >
      <Form<CronFormValues>
        form={form}
        layout="vertical"
        initialValues={cronValuesOf(job)}
        onFinish={save}
      >
        <CronFormFields jobId={job?.id} />
      </Form>
    </ResponsiveDrawer>
  );
}
