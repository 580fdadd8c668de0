import { UploadOutlined } from '@ant-design/icons';
import { MAX_PROJECT_FILE_BYTES } from '@ferry/contract/client';
import { Button, Form, Input, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { humanSize } from '../../../ui/humanSize';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useFeedback } from '../../../ui/useFeedback';
import { useProjectFileMutations } from '../hooks/useProjectFiles';
import { saveFieldError } from '../utils/saveFieldError';
import type { ProjectFileRow } from './ProjectFileTable';

interface ProjectFileUploadProps {
  open: boolean;
  projectId: number;
  /** The stored file a new version replaces; a new file without it. */
  file?: ProjectFileRow;
  onClose: () => void;
}

/**
 * A local file sent as a project file (text, or binary such as a keystore): a new file, its path
 * the file's name by default, or a new version of `file`, keeping its path unless changed.
 */
export function ProjectFileUpload({
  open,
  projectId,
  file: stored,
  onClose,
}: ProjectFileUploadProps) {
  const { t } = useTranslation('projectTools');
  const { message } = useFeedback();
  const [form] = Form.useForm<{ filename: string }>();
  const [file, setFile] = useState<File>();
  const { upload } = useProjectFileMutations(projectId);

  const pick = (picked: File) => {
    if (picked.size > MAX_PROJECT_FILE_BYTES) {
      void message.error(t('file.tooLarge', { size: humanSize(MAX_PROJECT_FILE_BYTES) }));
      return;
    }
    setFile(picked);
    form.setFieldsValue({ filename: stored ? stored.filename : picked.name });
    void form.validateFields();
  };

  const send = async () => {
    const { filename } = await form.validateFields();
    if (!file) return;
    try {
      await upload.mutateAsync({ file, filename: filename.trim(), projectFileId: stored?.id ?? 0 });
      void message.success(t('file.uploaded'));
      onClose();
    } catch (e) {
      const field = saveFieldError(e, ['filename', 'file'] as const, {
        reason: 'project_file_exists',
        field: 'filename',
        text: t('file.taken'),
      });
      if (field) form.setFields([{ name: 'filename', errors: field.errors }]);
      else void message.error(errorText(e));
    }
  };

  return (
    <ResponsiveModal
      open={open}
      title={stored ? t('file.replaceTitle', { path: stored.filename }) : t('file.uploadTitle')}
      okText={upload.isPending ? t('file.uploading') : t('file.upload')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: !file, loading: upload.isPending }}
      onOk={() => void send().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => {
        setFile(undefined);
        form.resetFields();
      }}
    >
      <Typography.Paragraph type="secondary">{t('file.uploadHelp')}</Typography.Paragraph>
      <Form form={form} layout="vertical" disabled={upload.isPending}>
        <Form.Item label={t('file.local')}>
          <Upload
            maxCount={1}
            showUploadList={false}
            beforeUpload={(f) => {
              pick(f);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>{file ? file.name : t('file.choose')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item
          name="filename"
          label={t('file.path')}
          extra={t('file.pathHelp')}
          rules={[{ required: true, whitespace: true, message: t('file.pathRequired') }]}
        >
          <Input autoComplete="off" spellCheck={false} disabled={!file} />
        </Form.Item>
      </Form>
    </ResponsiveModal>
  );
}
