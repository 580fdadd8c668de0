import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Button, Flex, Select, Typography, theme } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerOptions } from '../../../api/options/useServerOptions';
import { ItemList } from '../../../ui/ItemList';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useCronBind } from '../hooks/useCronBind';
import type { CronJob } from '../utils/cronRows';

interface BindServersModalProps {
  /** The job to copy; none when closed. */
  job: CronJob | undefined;
  onClose: () => void;
}

/** Each chosen server's answer: its new job, or why it has none. */
function BindResults(props: { results: { serverId: number; id: number; error: string }[] }) {
  const { t } = useTranslation('cron');
  const { token } = theme.useToken();
  const servers = useServerOptions().data ?? [];
  const nameOf = (id: number) => servers.find((s) => s.id === id)?.name ?? `#${id}`;
  return (
    <ItemList
      aria-label={t('bind.results')}
      items={props.results}
      itemKey={(r) => r.serverId}
      renderItem={(r) => (
        <Flex gap={8} align="flex-start">
          {r.id > 0 ? (
            <CheckCircleFilled style={{ color: token.colorSuccess, marginTop: 4 }} />
          ) : (
            <CloseCircleFilled style={{ color: token.colorError, marginTop: 4 }} />
          )}
          <Flex vertical>
            <Typography.Text strong>{nameOf(r.serverId)}</Typography.Text>
            <Typography.Text type={r.id > 0 ? 'secondary' : 'danger'}>
              {r.id > 0 ? t('bind.added') : r.error}
            </Typography.Text>
          </Flex>
        </Flex>
      )}
    />
  );
}

/** Copies a job to several servers of the namespace, showing each server's result. */
export function BindServersModal({ job, onClose }: BindServersModalProps): ReactElement {
  const { t } = useTranslation('cron');
  const servers = useServerOptions();
  const bind = useCronBind();
  const [chosen, setChosen] = useState<number[]>([]);
  const close = () => {
    setChosen([]);
    bind.reset();
    onClose();
  };
  const others = (servers.data ?? []).filter((s) => s.id !== job?.serverId);
  const done = bind.data !== undefined;
  return (
    <ResponsiveModal
      open={job !== undefined}
      title={t('bind.title')}
      onCancel={close}
      footer={
        done ? (
          <Button type="primary" onClick={close}>
            {t('bind.close')}
          </Button>
        ) : (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={close}>{t('form.cancel')}</Button>
            <Button
              type="primary"
              loading={bind.isPending}
              disabled={chosen.length === 0}
              onClick={() => job && bind.mutate({ id: job.id, serverIds: chosen })}
            >
              {t('bind.submit', { count: chosen.length })}
            </Button>
          </Flex>
        )
      }
    >
      {job ? (
        <Flex vertical gap={12}>
          <Typography.Text>
            {t('bind.explain', { name: job.description || job.command })}
          </Typography.Text>
          {done ? (
            <BindResults results={bind.data.list} />
          ) : (
            <Select<number[]>
              mode="multiple"
              aria-label={t('bind.servers')}
              placeholder={t('bind.servers')}
              loading={servers.isPending}
              value={chosen}
              onChange={setChosen}
              showSearch={{ optionFilterProp: 'label' }}
              notFoundContent={servers.isPending ? undefined : t('bind.noServers')}
              options={others.map((s) => ({ value: s.id, label: `${s.name} (${s.ip})` }))}
              style={{ width: '100%' }}
            />
          )}
        </Flex>
      ) : null}
    </ResponsiveModal>
  );
}
