import { Form, Input, InputNumber, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  fieldValid,
  renderTemplate,
  TEMPLATE_FIELDS,
  type NginxTemplate,
  type TemplateFields,
} from '../utils/nginxTemplates';

const PLACEHOLDERS: Record<keyof TemplateFields, string> = {
  serverName: 'example.com www.example.com',
  port: '80',
  upstream: 'http://127.0.0.1:3000',
  root: '/var/www/example.com',
  certificate: '/etc/ssl/certs/example.com.pem',
  certificateKey: '/etc/ssl/private/example.com.key',
};

type TemplateValues = TemplateFields & { template: NginxTemplate };

/** The fields the chosen template reads, each checked. */
export function TemplateFieldsForm() {
  const { t } = useTranslation('nginx');
  const form = Form.useFormInstance<TemplateValues>();
  const template = Form.useWatch('template', form) ?? 'proxy';
  const fields = TEMPLATE_FIELDS[template];

  return (
    <>
      {fields.map((field) => (
        <Form.Item
          key={`${template}-${field}`}
          name={field}
          label={t(`field.${field}`)}
          rules={[
            {
              validator: (_, v: unknown) =>
                fieldValid(field, v)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t(`fieldRule.${field}`))),
            },
          ]}
        >
          {field === 'port' ? (
            <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
          ) : (
            <Input placeholder={PLACEHOLDERS[field]} autoComplete="off" spellCheck={false} />
          )}
        </Form.Item>
      ))}
    </>
  );
}

/** The text the template makes of the form's values, once every field it reads is valid. */
export function TemplatePreview() {
  const { t } = useTranslation('nginx');
  const { token } = theme.useToken();
  const form = Form.useFormInstance<TemplateValues>();
  const values = Form.useWatch([], form) as TemplateValues | undefined;
  const template = values?.template ?? 'proxy';
  const complete =
    values !== undefined && TEMPLATE_FIELDS[template].every((f) => fieldValid(f, values[f]));

  return (
    <>
      <Typography.Text type="secondary">{t('add.preview')}</Typography.Text>
      <pre
        aria-label={t('add.preview')}
        style={{
          fontSize: 12,
          maxHeight: 220,
          overflow: 'auto',
          padding: 8,
          borderRadius: 6,
          background: token.colorFillQuaternary,
        }}
      >
        {complete ? renderTemplate(template, values) : t('add.previewIncomplete')}
      </pre>
    </>
  );
}
