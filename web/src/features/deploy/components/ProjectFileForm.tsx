import { Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { useFeedback } from '../../../ui/useFeedback';
import { useIsMobile } from '../../../ui/useIsMobile';
import { LazyTextEditor } from '../../../ui/LazyTextEditor';
import { useProjectFileMutations } from '../hooks/useProjectFiles';
import { projectFileLanguage } from '../utils/projectFileLanguage';
import { saveFieldError } from '../utils/saveFieldError';
import type { ProjectFileRow } from './ProjectFileTable';

interface ProjectFileFormProps {
  projectId: number;
  /** The stored file being edited: its path is fixed. */
  file?: ProjectFileRow;
  initialText: string;
  onDone: () => void;
}

const FIELDS = ['filename', 'content'] as const;

/** A project file's path (new files only) and its text, highlighted by the path's extension. */
export function ProjectFileForm({ projectId, file, initialText, onDone }: ProjectFileFormProps) {
  const { t } = useTranslation('projectTools');
  const { message } = useFeedback();
  const mobile = useIsMobile();
  const [form] = Form.useForm<{ filename: string }>();
  const [text, setText] = useState(initialText);
  const [contentError, setContentError] = useState<string>();
  const { add, edit } = useProjectFileMutations(projectId);
  const saving = add.isPending || edit.isPending;
  const path = Form.useWatch('filename', form) ?? file?.filename ?? '';

  const save = async () => {
    const { filename } = await form.validateFields();
    setContentError(undefined);
    try {
      if (file) await edit.mutateAsync({ id: file.id, content: text });
      else await add.mutateAsync({ filename: filename.trim(), content: text });
      void message.success(t('saved'));
      onDone();
    } catch (e) {
      const field = saveFieldError(e, FIELDS, {
        reason: 'project_file_exists',
        field: 'filename',
        text: t('file.taken'),
      });
      if (field?.name === 'filename') form.setFields([{ name: 'filename', errors: field.errors }]);
      else setContentError(field ? field.errors.join(' ') : errorText(e));
    }
  };
  const submit = () => void save().catch(() => undefined);

  return (
    <Form
      form={form}
      layout="vertical"
      disabled={saving}
      initialValues={{ filename: file?.filename ?? '' }}
      onFinish={submit}
    >
      <Form.Item
        name="filename"
        label={t('file.path')}
        extra={file ? undefined : t('file.pathHelp')}
        rules={[{ required: true, whitespace: true, message: t('file.pathRequired') }]}
      >
        <Input
          readOnly={file !== undefined}
          placeholder=".env"
          autoComplete="off"
          spellCheck={false}
        />
      </Form.Item>
      <Form.Item
        label={t('file.content')}
        validateStatus={contentError ? 'error' : undefined}
        help={contentError}
      >
        <LazyTextEditor
          value={text}
          onChange={setText}
          language={projectFileLanguage(path)}
          label={t('file.content')}
          height={mobile ? '50vh' : 'calc(100vh - 340px)'}
          onSave={submit}
        />
      </Form.Item>
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onDone} disabled={false}>
          {t('cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {saving ? t('saving') : t('save')}
        </Button>
      </Flex>
    </Form>
  );
}
