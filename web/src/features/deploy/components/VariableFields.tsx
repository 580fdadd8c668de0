import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { variableOptions, type CustomVariable } from '../utils/variables';

/**
 * The project's custom variables, chosen for this deploy: a string starts at its default, a list
 * offers its options with the first chosen.
 */
export function VariableFields({ variables }: { variables: readonly CustomVariable[] }) {
  const { t } = useTranslation('deploy');
  return (
    <section aria-label={t('publish.variables')}>
      <Typography.Text strong>{t('publish.variables')}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('publish.variablesHelp')}
      </Typography.Paragraph>
      {variables.map((v) => (
        <Form.Item
          key={v.name}
          name={v.name}
          label={<code>{`\${${v.name}}`}</code>}
          rules={[{ max: 4096, message: t('publish.variableTooLong') }]}
        >
          {v.type === 'list' ? (
            <Select
              aria-label={v.name}
              options={variableOptions(v).map((o) => ({ value: o, label: o }))}
            />
          ) : (
            <Input aria-label={v.name} autoComplete="off" />
          )}
        </Form.Item>
      ))}
    </section>
  );
}
