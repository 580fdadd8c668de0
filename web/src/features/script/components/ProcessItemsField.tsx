import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { COMMAND_MAX_CHARS, PROCESS_ITEMS_MAX } from '@ferry/contract/client';
import { Button, Card, Flex, Form, Input, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A group's buttons: a name and a command each, moved up or down, added and removed. */
export function ProcessItemsField() {
  const { t } = useTranslation('process');
  const { token } = theme.useToken();
  const required = (message: string) => [{ required: true, whitespace: true, message }];
  return (
    <Form.List name="items">
      {(fields, { add, remove, move }) => (
        <Flex vertical gap={8}>
          <Typography.Text strong>{t('drawer.items')}</Typography.Text>
          {fields.length === 0 ? (
            <Typography.Text type="secondary">{t('drawer.noItems')}</Typography.Text>
          ) : null}
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              role="group"
              aria-label={t('drawer.item', { n: index + 1 })}
              title={t('drawer.item', { n: index + 1 })}
              extra={
                <Flex gap={4}>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                    aria-label={t('drawer.moveUp', { n: index + 1 })}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={t('drawer.moveDown', { n: index + 1 })}
                  />
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(index)}
                    aria-label={t('drawer.remove', { n: index + 1 })}
                  />
                </Flex>
              }
            >
              <Form.Item
                name={[field.name, 'name']}
                label={t('drawer.itemName')}
                rules={required(t('drawer.itemNameRequired'))}
              >
                <Input maxLength={100} placeholder={t('drawer.itemNamePlaceholder')} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'command']}
                label={t('drawer.command')}
                rules={required(t('drawer.commandRequired'))}
                style={{ marginBottom: 0 }}
              >
                <Input.TextArea
                  maxLength={COMMAND_MAX_CHARS}
                  autoSize={{ minRows: 1, maxRows: 6 }}
                  placeholder={t('drawer.commandPlaceholder')}
                  style={{ fontFamily: token.fontFamilyCode }}
                  spellCheck={false}
                />
              </Form.Item>
            </Card>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= PROCESS_ITEMS_MAX}
            onClick={() => add({ name: '', command: '' })}
          >
            {t('drawer.addItem')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
