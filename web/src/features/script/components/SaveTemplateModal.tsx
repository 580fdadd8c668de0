import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useFeedback } from '../../../ui/useFeedback';
import { useScriptTemplateMutations } from '../hooks/useScriptTemplates';
import { useTemplateSaveError, type TemplateFields } from '../hooks/useTemplateSave';
import type { ScriptDraft } from '../utils/ScriptDraft';
import { SCRIPT_TEMPLATE_TYPE, type ScriptTemplate } from '../utils/ScriptTemplate';
import { TemplateFormFields } from './TemplateFormFields';

interface SaveTemplateModalProps {
  open: boolean;
  draft: ScriptDraft;
  templates: readonly ScriptTemplate[];
  onClose: () => void;
}

/**
 * Saves the editor's script and interpreter under a name; a name already taken offers to
 * overwrite that template instead.
 */
export function SaveTemplateModal({ open, draft, templates, onClose }: SaveTemplateModalProps) {
  const { t } = useTranslation(['script', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<TemplateFields>();
  const [taken, setTaken] = useState<ScriptTemplate>();
  const { add, edit } = useScriptTemplateMutations();
  const showError = useTemplateSaveError(form);
  const saving = add.isPending || edit.isPending;

  const body = (v: TemplateFields) => ({
    type: SCRIPT_TEMPLATE_TYPE,
    name: v.name.trim(),
    description: v.description?.trim() ?? '',
    content: draft.script,
    interpreter: draft.interpreter,
  });
  const close = () => {
    setTaken(undefined);
    form.resetFields();
    onClose();
  };
  const done = (name: string) => {
    void message.success(t('templates.savedAs', { name }));
    close();
  };

  const save = async () => {
    const v = await form.validateFields();
    try {
      await add.mutateAsync(body(v));
      done(v.name.trim());
    } catch (err) {
      if (showError(err)) setTaken(templates.find((tpl) => tpl.name === v.name.trim()));
    }
  };
  const overwrite = async () => {
    if (!taken) return;
    const v = await form.validateFields();
    try {
      await edit.mutateAsync({ id: taken.id, ...body({ ...v, name: taken.name }) });
      done(taken.name);
    } catch (err) {
      showError(err);
    }
  };

  return (
    <ResponsiveModal
      open={open}
      title={t('templates.saveTitle')}
      onCancel={close}
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common:action.cancel')}
        </Button>,
        taken ? (
          <Button key="overwrite" danger loading={edit.isPending} onClick={() => void overwrite()}>
            {t('templates.overwrite', { name: taken.name })}
          </Button>
        ) : null,
        <Button
          key="save"
          type="primary"
          loading={add.isPending}
          disabled={saving || taken !== undefined}
          onClick={() => void save().catch(() => undefined)}
        >
          {t('templates.save')}
        </Button>,
      ]}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: '', description: '' }}
        onValuesChange={(change: Partial<TemplateFields>) => {
          if ('name' in change) setTaken(undefined);
        }}
        onFinish={() => void save().catch(() => undefined)}
      >
        <TemplateFormFields />
        <Form.Item label={t('templates.contentLabel')}>
          {t('templates.contentSummary', { interpreter: draft.interpreter })}
        </Form.Item>
      </Form>
    </ResponsiveModal>
  );
}
