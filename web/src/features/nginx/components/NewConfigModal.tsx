import { isNginxFileName, NginxReason, NGINX_FILE_NAME_RULE } from '@ferry/contract/client';
import { Alert, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useAddConfig } from '../hooks/useNginxActions';
import {
  defaultFields,
  renderTemplate,
  templateFileName,
  type NginxTemplate,
  type TemplateFields,
} from '../utils/nginxTemplates';
import { dirLabel } from '../utils/configTree';
import { joinPath, readTestFailure } from '../utils/testFailure';
import { TemplateFieldsForm, TemplatePreview } from './TemplateFieldsForm';

interface NewConfigModalProps {
  open: boolean;
  serverId: number;
  dirs: readonly string[];
  /** The main configuration file, which the directories are named relative to. */
  conf: string;
  onClose: () => void;
  /** Added: the new file's key. */
  onAdded: (key: string) => void;
}

export interface NewConfigValues extends TemplateFields {
  template: NginxTemplate;
  dir: string;
  filename: string;
}

/**
 * A new configuration file from a template (reverse proxy, static site, TLS) filled by a small
 * form; the server keeps it only when `nginx -t` passes with it.
 */
export function NewConfigModal(props: NewConfigModalProps) {
  const { open, serverId, dirs, conf, onClose, onAdded } = props;
  const { t } = useTranslation('nginx');
  const [form] = Form.useForm<NewConfigValues>();
  const add = useAddConfig(serverId);
  const [refusal, setRefusal] = useState<string>();
  // The file name follows the host name until the user types one.
  const [nameTouched, setNameTouched] = useState(false);

  const submit = (v: NewConfigValues) => {
    setRefusal(undefined);
    add.mutate(
      { dir: v.dir, filename: v.filename, content: renderTemplate(v.template, v) },
      {
        onSuccess: () => onAdded(joinPath(v.dir, v.filename)),
        onError: (e) => {
          if (!(e instanceof ApiError)) return;
          if (e.reason === NginxReason.testFailed) setRefusal(readTestFailure(e.data).output);
          else form.setFields([{ name: 'filename', errors: [errorText(e)] }]);
        },
      },
    );
  };

  return (
    <ResponsiveModal
      open={open}
      title={t('add.title')}
      okText={t('add.ok')}
      confirmLoading={add.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterOpenChange={(visible) => {
        if (!visible) {
          setRefusal(undefined);
          setNameTouched(false);
        }
      }}
      width={640}
    >
      {refusal !== undefined ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('add.refused')}
          description={<pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{refusal}</pre>}
        />
      ) : null}
      <Form<NewConfigValues>
        form={form}
        layout="vertical"
        initialValues={{
          template: 'proxy',
          dir: dirs[dirs.length - 1],
          filename: templateFileName(defaultFields('proxy')),
          ...defaultFields('proxy'),
        }}
        onValuesChange={(changed: Partial<NewConfigValues>, all) => {
          if (changed.filename !== undefined) setNameTouched(true);
          if (changed.template) form.setFieldsValue({ port: defaultFields(changed.template).port });
          if (changed.serverName !== undefined && !nameTouched) {
            form.setFieldsValue({ filename: templateFileName(all) });
          }
        }}
        onFinish={submit}
      >
        <Form.Item name="template" label={t('add.template')}>
          <Select
            options={(['proxy', 'static', 'tls'] as const).map((k) => ({
              value: k,
              label: t(`template.${k}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="dir"
          label={t('add.dir')}
          rules={[{ required: true, message: t('add.dirRule') }]}
        >
          <Select options={dirs.map((d) => ({ value: d, label: dirLabel(d, conf), title: d }))} />
        </Form.Item>
        <TemplateFieldsForm />
        <Form.Item
          name="filename"
          label={t('add.filename')}
          rules={[
            {
              validator: (_, v: string | undefined) =>
                v && isNginxFileName(v)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('rename.rule', { rule: NGINX_FILE_NAME_RULE }))),
            },
          ]}
        >
          <Input autoComplete="off" spellCheck={false} />
        </Form.Item>
        <TemplatePreview />
      </Form>
    </ResponsiveModal>
  );
}
