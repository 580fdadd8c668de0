import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Flex, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from './useIsMobile';

export interface FilterField<K extends string> {
  name: K;
  label: string;
  placeholder?: string;
  /** Known values to pick from (members, servers); any other text may still be typed. */
  options?: readonly string[];
  /** A fixed set to pick one from (a project, a state), as value and label; nothing picked is ''. */
  choices?: readonly { value: string; label: string }[];
}

interface FilterBarProps<K extends string> {
  fields: readonly FilterField<K>[];
  /** The filters in force (from the address); the inputs follow them. */
  values: Record<K, string>;
  /** Enter in any input or the Search button: the trimmed values. */
  onSearch: (values: Record<K, string>) => void;
  onReset: () => void;
  /** Inside a `ListPage`'s toolbar, which spaces it from the list itself. */
  flush?: boolean;
}

/** Text filters above a table, applied by Search or Enter; wraps onto several lines on narrow screens. */
export function FilterBar<K extends string>({
  fields,
  values,
  onSearch,
  onReset,
  flush = false,
}: FilterBarProps<K>) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [form] = Form.useForm<Record<string, string>>();
  // The address may change under the form (back, a link): show what is in force.
  const applied = JSON.stringify(values);
  useEffect(() => {
    // A select shows nothing picked (its placeholder) for undefined, not for ''.
    const shown = JSON.parse(applied) as Record<string, string>;
    form.setFieldsValue(
      Object.fromEntries(Object.entries(shown).map(([k, v]) => [k, v === '' ? undefined : v])),
    );
  }, [form, applied]);

  // On phones each filter takes a line, labels in one column so the inputs line up.
  const itemStyle = mobile ? { width: '100%', marginInlineEnd: 0 } : undefined;
  const labelCol = mobile ? { flex: '0 0 80px' } : undefined;

  const search = (raw: Record<string, string | undefined>) => {
    const out = {} as Record<K, string>;
    for (const f of fields) out[f.name] = (raw[f.name] ?? '').trim();
    onSearch(out);
  };

  const reset = () => {
    form.setFieldsValue(Object.fromEntries(fields.map((f) => [f.name, undefined])));
    onReset();
  };

  return (
    <Form
      form={form}
      layout="inline"
      onFinish={search}
      style={{ rowGap: 12, marginBottom: flush ? 0 : 16 }}
    >
      {fields.map((f) => (
        <Form.Item
          key={f.name}
          name={f.name as string}
          label={f.label}
          labelCol={labelCol}
          labelAlign="left"
          style={itemStyle}
        >
          {f.choices ? (
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={f.placeholder}
              aria-label={f.label}
              options={f.choices.map((c) => ({ ...c }))}
              popupMatchSelectWidth={false}
              style={mobile ? undefined : { width: 200 }}
            />
          ) : f.options ? (
            <AutoComplete
              allowClear
              placeholder={f.placeholder}
              options={f.options.map((value) => ({ value }))}
              showSearch={{
                filterOption: (typed, option) =>
                  (option?.value ?? '').toLowerCase().includes(typed.toLowerCase()),
              }}
              style={mobile ? undefined : { width: 200 }}
            />
          ) : (
            <Input
              allowClear
              placeholder={f.placeholder}
              maxLength={255}
              style={mobile ? undefined : { width: 200 }}
            />
          )}
        </Form.Item>
      ))}
      <Form.Item style={itemStyle}>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('filter.search')}
          </Button>
          <Button icon={<UndoOutlined />} onClick={reset}>
            {t('filter.reset')}
          </Button>
        </Flex>
      </Form.Item>
    </Form>
  );
}
