import { MONITOR_TYPES } from '@ferry/contract/client';
import {
  Alert,
  Button,
  Divider,
  Flex,
  Form,
  Input,
  Radio,
  Select,
  Typography,
  type FormInstance,
} from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveDrawer } from '../../../ui/ResponsiveDrawer';
import { useFeedback } from '../../../ui/useFeedback';
import { useIsMobile } from '../../../ui/useIsMobile';
import { useFieldErrors } from '../hooks/useFieldErrors';
import { useAddMonitor, useEditMonitor } from '../hooks/useMonitorMutations';
import {
  formValuesOf,
  monitorInputOf,
  type FormMode,
  type MonitorFormValues,
} from '../utils/monitorForm';
import type { MonitorRow } from '../utils/MonitorRow';
import { AlertFields } from './AlertFields';
import { MonitorTest } from './MonitorTest';
import { ScriptFields } from './ScriptFields';
import { TargetFields } from './TargetFields';

interface MonitorDrawerProps {
  open: boolean;
  mode: FormMode;
  /** The monitor to edit; none to add one. */
  monitor?: MonitorRow;
  onClose: () => void;
}

/**
 * Adds or edits a monitor: what it checks (by type), how often and when it alerts, where the alert
 * goes, and the success and fail scripts; "Test" runs the check once. Asks before throwing away
 * what was typed.
 */
export function MonitorDrawer({ open, mode, monitor, onClose }: MonitorDrawerProps) {
  const { t } = useTranslation(['monitor', 'common']);
  const { message, modal } = useFeedback();
  const mobile = useIsMobile();
  const [form] = Form.useForm<MonitorFormValues>();
  const add = useAddMonitor();
  const edit = useEditMonitor();
  const showFieldError = useFieldErrors(form);
  const editing = mode === 'edit' ? monitor : undefined;
  const initialValues = useMemo(() => formValuesOf(editing), [editing]);
  const type = Form.useWatch('type', form) ?? initialValues.type;

  const close = () => {
    if (!form.isFieldsTouched()) return onClose();
    modal.confirm({
      title: t('form.discardTitle'),
      content: t('form.discardContent'),
      okText: t('form.discard'),
      okButtonProps: { danger: true },
      cancelText: t('form.keepEditing'),
      onOk: onClose,
    });
  };

  const save = async (values: MonitorFormValues) => {
    const input = monitorInputOf(values);
    try {
      if (editing) {
        await edit.mutateAsync({ id: editing.id, ...input });
        void message.success(t('form.saved', { name: input.name }));
      } else {
        await add.mutateAsync(input);
        void message.success(t('form.added', { name: input.name }));
      }
      onClose();
    } catch (e) {
      showFieldError(e);
    }
  };

  const typeOptions = MONITOR_TYPES.map((value) => ({ value, label: t(`type.${value}`) }));

  return (
    <ResponsiveDrawer
      open={open}
      width={760}
      title={editing ? t('form.editTitle', { name: editing.name }) : t('form.addTitle')}
      onClose={close}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={close}>{t('common:action.cancel')}</Button>
          <Button type="primary" loading={add.isPending || edit.isPending} onClick={form.submit}>
            {editing ? t('form.save') : t('form.add')}
          </Button>
        </Flex>
      }
    >
      <Form<MonitorFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(v) => void save({ ...(form.getFieldsValue(true) as MonitorFormValues), ...v })}
        onFinishFailed={({ errorFields }) => {
          const first = errorFields[0];
          if (first) form.scrollToField(first.name, { block: 'center' });
        }}
        scrollToFirstError={false}
      >
        {editing?.errorContent ? (
          <Alert
            type={editing.status === 'down' ? 'error' : 'info'}
            showIcon
            style={{ marginBottom: 16 }}
            title={t('form.errorContent')}
            description={editing.errorContent}
          />
        ) : null}
        <Form.Item
          name="name"
          label={t('form.name')}
          rules={[
            { required: true, whitespace: true, message: t('form.nameRequired') },
            { max: 255, message: t('form.tooLong') },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="type" label={t('form.type')}>
          {mobile ? (
            <Select aria-label={t('form.type')} options={typeOptions} />
          ) : (
            <Radio.Group optionType="button" options={typeOptions} aria-label={t('form.type')} />
          )}
        </Form.Item>
        <TargetFields type={type} />
        <Form.Item
          name="description"
          label={t('form.description')}
          rules={[{ max: 255, message: t('form.tooLong') }]}
        >
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
        <MonitorTest />
        <Divider titlePlacement="start">{t('form.alerts')}</Divider>
        <AlertFields monitorId={editing?.id} />
        <Divider titlePlacement="start">{t('form.scripts')}</Divider>
        <Typography.Paragraph type="secondary">{t('form.scriptsHelp')}</Typography.Paragraph>
        <ScriptFields kind="fail" type={type} />
        <ScriptFields kind="success" type={type} />
        <ResetOnOpen form={form} open={open} editing={editing} />
      </Form>
    </ResponsiveDrawer>
  );
}

/**
 * Each opening starts from the monitor's values (or blank), whatever the last one left behind.
 * It lives inside the form so it runs once the fields (and their new first values) exist.
 */
function ResetOnOpen({
  form,
  open,
  editing,
}: {
  form: FormInstance<MonitorFormValues>;
  open: boolean;
  editing: MonitorRow | undefined;
}) {
  useEffect(() => {
    if (open) form.resetFields();
  }, [form, open, editing]);
  return null;
}
