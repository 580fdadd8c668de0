import { MAX_METRIC_INTERVAL_S, MIN_METRIC_INTERVAL_S } from '@ferry/contract/client';
import { Alert, Form, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useFeedback } from '../../../ui/useFeedback';
import { useFormRefusal } from '../../../ui/useFormRefusal';
import { useEditMetricsSource } from '../hooks/useMetricsSource';
import type { MetricsSourceRow } from '../utils/metricsRows';

interface SourceValues {
  mode: 'pull' | 'off';
  interval: number;
}

interface SourceSettingsModalProps {
  open: boolean;
  source: MetricsSourceRow;
  onClose: () => void;
}

/** Pull the server's metrics over SSH every so many seconds, or stop collecting them. */
export function SourceSettingsModal({ open, source, onClose }: SourceSettingsModalProps) {
  const { t } = useTranslation('metrics');
  const { message } = useFeedback();
  const [form] = Form.useForm<SourceValues>();
  const edit = useEditMetricsSource(source.serverId);
  const refused = useFormRefusal(form, ['mode', 'interval']);
  const save = (values: SourceValues) =>
    edit.mutate(
      { serverId: source.serverId, ...values },
      {
        onSuccess: () => {
          void message.success(t('source.saved'));
          onClose();
        },
        onError: refused,
      },
    );
  return (
    <ResponsiveModal
      open={open}
      title={t('source.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      confirmLoading={edit.isPending}
      // An agent's server changes mode by uninstalling the agent, not here.
      okButtonProps={{ disabled: source.mode === 'push' }}
    >
      <Form<SourceValues>
        form={form}
        layout="vertical"
        disabled={source.mode === 'push'}
        initialValues={{ mode: source.mode === 'off' ? 'off' : 'pull', interval: source.interval }}
        onFinish={save}
      >
        {source.mode === 'push' ? (
          <Alert type="info" showIcon title={t('source.pushNote')} style={{ marginBottom: 16 }} />
        ) : null}
        <Form.Item name="mode" label={t('source.mode')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'pull', label: t('source.pull') },
              { value: 'off', label: t('source.off') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="interval"
          label={t('source.interval')}
          extra={t('source.intervalHelp', {
            min: MIN_METRIC_INTERVAL_S,
            max: MAX_METRIC_INTERVAL_S,
          })}
          rules={[
            { required: true, message: t('source.intervalRequired') },
            {
              type: 'number',
              min: MIN_METRIC_INTERVAL_S,
              max: MAX_METRIC_INTERVAL_S,
              message: t('source.between', {
                min: MIN_METRIC_INTERVAL_S,
                max: MAX_METRIC_INTERVAL_S,
              }),
            },
          ]}
        >
          <InputNumber precision={0} suffix={t('source.unitS')} style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </ResponsiveModal>
  );
}
