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

/** The fields the chosen template reads, each checked, and a preview of the text it makes. */
export function TemplateFieldsForm() {
  const { t } = useTranslation('nginx');
  const { token } = theme.useToken();
  const form = Form.useFormInstance<TemplateFields & { template: NginxTemplate }>();
  const template = Form.useWatch('template', form) ?? 'proxy';
  const values = Form.useWatch([], form) as
    (TemplateFields & { template: NginxTemplate }) | undefined;
  const fields = TEMPLATE_FIELDS[template];
  const complete = values !== undefined && fields.every((f) => fieldValid(f, values[f]));

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
