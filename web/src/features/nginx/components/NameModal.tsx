import { isNginxFileName, NGINX_FILE_NAME_RULE, NginxReason } from '@ferry/contract/client';
import { Form, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useCopyConfig, useRenameConfig } from '../hooks/useNginxActions';
import { fileKey, type ConfigFile } from '../utils/configTree';
import { joinPath, readTestFailure } from '../utils/testFailure';

interface NameModalProps {
  /** Which dialog is open, if any. */
  mode: 'rename' | 'copy' | undefined;
  serverId: number;
  file: ConfigFile;
  onClose: () => void;
  /** Done: the key of the file under its new name, or of the copy. */
  onDone: (key: string) => void;
}

/** A new name for the file (rename) or for a copy of it in the same directory. */
export function NameModal({ mode, serverId, file, onClose, onDone }: NameModalProps) {
  const { t } = useTranslation('nginx');
  const [form] = Form.useForm<{ name: string }>();
  const rename = useRenameConfig(serverId);
  const copy = useCopyConfig(serverId);
  const pending = rename.isPending || copy.isPending;

  useEffect(() => {
    if (mode) form.setFieldsValue({ name: mode === 'copy' ? copyName(file.name) : file.name });
  }, [mode, file.name, form]);

  const submit = ({ name }: { name: string }) => {
    const done = { onSuccess: () => onDone(joinPath(file.dir, name)), onError: show };
    if (mode === 'rename') {
      rename.mutate({ dir: file.dir, currentName: file.name, newName: name }, done);
    } else copy.mutate({ dir: file.dir, srcName: file.name, dstName: name }, done);
  };
  const show = (e: Error) => {
    if (!(e instanceof ApiError)) return;
    // nginx's own message when its test refused the result, else the console's reason.
    const text =
      e.reason === NginxReason.testFailed ? readTestFailure(e.data).output : errorText(e);
    form.setFields([{ name: 'name', errors: [text] }]);
  };

  return (
    <ResponsiveModal
      open={mode !== undefined}
      title={mode === 'copy' ? t('copy.title') : t('rename.title')}
      okText={mode === 'copy' ? t('copy.ok') : t('rename.ok')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">
        {t('rename.from', { path: fileKey(file) })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="name"
          label={t('rename.name')}
          rules={[
            {
              validator: (_, v: string | undefined) => {
                if (!v || !isNginxFileName(v)) {
                  return Promise.reject(
                    new Error(t('rename.rule', { rule: NGINX_FILE_NAME_RULE })),
                  );
                }
                if (v === file.name) return Promise.reject(new Error(t('rename.same')));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input autoComplete="off" spellCheck={false} />
        </Form.Item>
      </Form>
    </ResponsiveModal>
  );
}

/** `site.conf` → `site.copy.conf`; a name without an extension gets `.copy`. */
export function copyName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)}.copy${name.slice(dot)}` : `${name}.copy`;
}
