import { Button, Card, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useScriptTemplateMutations } from '../hooks/useScriptTemplates';
import { useTemplateSaveError, type TemplateFields } from '../hooks/useTemplateSave';
import type { ScriptTemplate } from '../utils/ScriptTemplate';
import { TemplateFormFields } from './TemplateFormFields';

interface TemplateEditFormProps {
  template: ScriptTemplate;
  onDone: () => void;
}

/** A saved script's name and description, edited in place; its script stays as it is. */
export function TemplateEditForm({ template, onDone }: TemplateEditFormProps) {
  const { t } = useTranslation(['script', 'common']);
  const [form] = Form.useForm<TemplateFields>();
  const { edit } = useScriptTemplateMutations();
  const showError = useTemplateSaveError(form);

  const save = async (v: TemplateFields) => {
    try {
      await edit.mutateAsync({
        id: template.id,
        type: template.type,
        name: v.name.trim(),
        description: v.description?.trim() ?? '',
        content: template.content,
        interpreter: template.interpreter,
      });
      onDone();
    } catch (err) {
      showError(err);
    }
  };

  return (
    <Card size="small">
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: template.name, description: template.description }}
        onFinish={(v) => void save(v)}
      >
        <TemplateFormFields />
        <Flex justify="end" gap={8}>
          <Button onClick={onDone}>{t('common:action.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={edit.isPending}>
            {t('templates.save')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
