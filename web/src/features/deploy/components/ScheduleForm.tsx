import { Button, DatePicker, Form, Input, Radio, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranches } from '../hooks/useBranches';
import { useCommits } from '../hooks/useCommits';
import { useTaskMutations } from '../hooks/useDeployTasks';
import { nextCronRuns } from '../../../ui/nextCronRuns';

interface FormValues {
  branch?: string;
  commit?: string;
  when: 'once' | 'repeat';
  date?: Dayjs;
  cron?: string;
}

/** The next five runs of the expression being typed, or why there are none. */
function NextRuns({ cron }: { cron: string }) {
  const { t, i18n } = useTranslation('schedule');
  if (cron.trim() === '') return null;
  const runs = nextCronRuns(cron, 5);
  if (!runs) return <Typography.Text type="danger">{t('cronInvalid')}</Typography.Text>;
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <div aria-label={t('nextRuns')}>
      <Typography.Text type="secondary">{t('nextRuns')}</Typography.Text>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {runs.map((d) => (
          <li key={d.getTime()}>{format.format(d)}</li>
        ))}
      </ul>
    </div>
  );
}

/** A new scheduled deploy: a branch, an optional commit, and once at a time or on a schedule. */
export function ScheduleForm({ projectId, onAdded }: { projectId: number; onAdded: () => void }) {
  const { t } = useTranslation('schedule');
  const [form] = Form.useForm<FormValues>();
  const [branch, setBranch] = useState<string>();
  const when = Form.useWatch('when', form) ?? 'once';
  const cron = Form.useWatch('cron', form) ?? '';
  const branches = useBranches(projectId, true);
  const commits = useCommits(projectId, branch);
  const { add } = useTaskMutations(projectId);

  const submit = async (v: FormValues) => {
    await add.mutateAsync({
      projectId,
      branch: (v.branch ?? '').replace(/^origin\//, ''),
      commit: v.commit ?? '',
      date: v.when === 'once' && v.date ? v.date.format('YYYY-MM-DD HH:mm:ss') : '',
      cron: v.when === 'repeat' ? (v.cron ?? '').trim() : '',
    });
    form.resetFields();
    onAdded();
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ when: 'once' }}
      onFinish={(v) => void submit(v).catch(() => undefined)}
    >
      <Form.Item name="branch" label={t('branch')} rules={[{ required: true }]}>
        <Select
          showSearch
          loading={branches.isFetching}
          options={(branches.data ?? []).map((b) => ({ value: b, label: b }))}
          onChange={(b: string) => {
            setBranch(b);
            form.setFieldValue('commit', undefined);
          }}
        />
      </Form.Item>
      <Form.Item name="commit" label={t('commit')} extra={t('commitHint')}>
        <Select
          allowClear
          showSearch
          disabled={!branch}
          loading={commits.isFetching}
          options={(commits.data ?? []).map((c) => ({
            value: c.commit,
            label: `${c.commit.slice(0, 7)} ${c.message}`,
          }))}
        />
      </Form.Item>
      <Form.Item name="when" label={t('when')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'once', label: t('once') },
            { value: 'repeat', label: t('repeat') },
          ]}
        />
      </Form.Item>
      {when === 'once' ? (
        <Form.Item name="date" label={t('date')} rules={[{ required: true }]}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={(d) => d.isBefore(dayjs(), 'day')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      ) : (
        <Form.Item
          name="cron"
          label={t('cron')}
          extra={<NextRuns cron={cron} />}
          rules={[{ required: true }]}
        >
          <Input placeholder="0 3 * * 1-5" autoComplete="off" spellCheck={false} />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={add.isPending}>
        {t('add')}
      </Button>
    </Form>
  );
}
