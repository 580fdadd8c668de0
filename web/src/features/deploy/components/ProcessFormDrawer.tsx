import { PROCESS_COMMANDS } from '@ferry/contract/client';
import { Form, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { ResponsiveDrawer } from '../../../ui/ResponsiveDrawer';
import { SaveFooter } from '../../../ui/SaveFooter';
import { useFeedback } from '../../../ui/useFeedback';
import { useProjectProcessMutations } from '../hooks/useProjectProcesses';
import type { ProcessCommand } from '../utils/processCommands';
import { saveFieldError } from '../utils/saveFieldError';
import type { ProcessRow } from './ProcessTable';

type FormValues = { name: string } & Record<ProcessCommand, string>;

const FIELDS = ['name', ...PROCESS_COMMANDS] as const;
const EMPTY: FormValues = { name: '', status: '', start: '', stop: '', restart: '' };
const mono = { fontFamily: 'var(--ant-font-family-code)' };

interface ProcessFormDrawerProps {
  open: boolean;
  projectId: number;
  /** The process to edit; a new one without it. */
  process?: ProcessRow;
  onClose: () => void;
  onSaved: (id: number) => void;
}

/** A process's name and its status, start, stop and restart commands (at least one). */
export function ProcessFormDrawer(props: ProcessFormDrawerProps) {
  const { open, projectId, process, onClose, onSaved } = props;
  const { t } = useTranslation('projectTools');
  const { message } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const { add, edit } = useProjectProcessMutations(projectId);
  const saving = add.isPending || edit.isPending;

  useEffect(() => {
    if (open) form.setFieldsValue(process ? { ...EMPTY, ...process } : EMPTY);
  }, [open, process, form]);

  const submit = async (v: FormValues) => {
    const input = {
      name: v.name.trim(),
      status: v.status.trim(),
      start: v.start.trim(),
      stop: v.stop.trim(),
      restart: v.restart.trim(),
    };
    try {
      const id = process
        ? (await edit.mutateAsync({ ...input, id: process.id }), process.id)
        : (await add.mutateAsync(input)).id;
      void message.success(t('saved'));
      onSaved(id);
    } catch (e) {
      const field = saveFieldError(e, FIELDS, {
        reason: 'process_exists',
        field: 'name',
        text: t('process.nameTaken'),
      });
      if (field) form.setFields([field]);
      else void message.error(errorText(e));
    }
  };

  return (
    <ResponsiveDrawer
      open={open}
      onClose={onClose}
      width={640}
      title={process ? t('process.editTitle', { name: process.name }) : t('process.addTitle')}
      footer={
        <SaveFooter
          cancelText={t('cancel')}
          saveText={saving ? t('saving') : t('save')}
          saving={saving}
          onCancel={onClose}
          onSave={() => form.submit()}
        />
      }
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={EMPTY}
        onFinish={(v) => void submit(v)}
        disabled={saving}
      >
        <Form.Item
          name="name"
          label={t('process.name')}
          rules={[{ required: true, whitespace: true, message: t('process.nameRequired') }]}
        >
          <Input maxLength={255} autoComplete="off" />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('process.commandsHelp')}</Typography.Paragraph>
        {PROCESS_COMMANDS.map((c) => (
          <Form.Item key={c} name={c} label={t(`process.command.${c}`)}>
            <Input.TextArea
              autoSize={{ minRows: 1, maxRows: 6 }}
              spellCheck={false}
              style={mono}
              placeholder={t(`process.placeholder.${c}`)}
            />
          </Form.Item>
        ))}
      </Form>
    </ResponsiveDrawer>
  );
}
