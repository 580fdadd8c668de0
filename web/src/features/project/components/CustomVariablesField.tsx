import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CUSTOM_VARIABLE_TYPES, VARIABLE_NAME } from '@ferry/contract/client';
import { Button, Flex, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustomVariableValues } from '../utils/projectForm';

/** The contract's limit of custom variables per project. */
const MAX_VARIABLES = 100;

/**
 * The project's own variables, chosen at each deployment: a name used as `${NAME}`, a type, and
 * a value (for a list, the options separated by commas; the first is the default).
 */
export function CustomVariablesField() {
  const { t } = useTranslation('project');
  const variables = Form.useWatch<CustomVariableValues[] | undefined>([
    'script',
    'customVariables',
  ]);
  return (
    <section aria-label={t('customVariables.title')}>
      <Typography.Text strong>{t('customVariables.title')}</Typography.Text>
      <Typography.Paragraph type="secondary">{t('customVariables.help')}</Typography.Paragraph>
      <Form.List
        name={['script', 'customVariables']}
        rules={[
          {
            validator: async (_rule, list: CustomVariableValues[] | undefined) => {
              const names = (list ?? []).map((v) => v?.name?.trim()).filter(Boolean);
              if (new Set(names).size !== names.length) {
                throw new Error(t('customVariables.duplicate'));
              }
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map(({ key, name }) => (
              <Flex key={key} gap={8} wrap align="flex-start">
                <Form.Item
                  name={[name, 'name']}
                  style={{ width: 200, marginBottom: 12 }}
                  rules={[
                    {
                      required: true,
                      whitespace: true,
                      message: t('customVariables.nameRequired'),
                    },
                    { pattern: VARIABLE_NAME, message: t('customVariables.nameRule') },
                    { max: 64, message: t('rule.tooLong') },
                  ]}
                >
                  <Input
                    aria-label={t('customVariables.name')}
                    placeholder="APP_ENV"
                    autoComplete="off"
                    spellCheck={false}
                  />
                </Form.Item>
                <Form.Item name={[name, 'type']} style={{ width: 120, marginBottom: 12 }}>
                  <Select
                    aria-label={t('customVariables.type')}
                    options={CUSTOM_VARIABLE_TYPES.map((type) => ({
                      value: type,
                      label: t(`customVariables.types.${type}`),
                    }))}
                  />
                </Form.Item>
                <Form.Item
                  name={[name, 'value']}
                  style={{ flex: 1, minWidth: 180, marginBottom: 12 }}
                  rules={[{ max: 4096, message: t('rule.tooLong') }]}
                >
                  <Input
                    aria-label={t('customVariables.value')}
                    placeholder={
                      variables?.[name]?.type === 'list'
                        ? t('customVariables.listPlaceholder')
                        : t('customVariables.valuePlaceholder')
                    }
                    autoComplete="off"
                  />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('customVariables.remove')}
                  onClick={() => remove(name)}
                />
              </Flex>
            ))}
            <Form.ErrorList errors={errors} />
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length >= MAX_VARIABLES}
              onClick={() => add({ name: '', type: 'string', value: '' })}
              style={{ marginTop: 4 }}
            >
              {t('customVariables.add')}
            </Button>
          </>
        )}
      </Form.List>
    </section>
  );
}
