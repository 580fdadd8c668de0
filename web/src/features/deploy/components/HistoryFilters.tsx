import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Form, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../ui/useIsMobile';
import { useMemberOptions } from '../../../api/options/useMemberOptions';
import { NO_HISTORY_FILTER, type HistoryFilter } from '../utils/previewQuery';

interface HistoryFiltersProps {
  onSearch: (filter: HistoryFilter) => void;
}

/** The outcomes the history can be narrowed to: goploy's -1 all, 1 succeeded, 0 failed. */
function useStateOptions() {
  const { t } = useTranslation('deploy');
  return [
    { value: -1, label: t('history.filter.all') },
    { value: 1, label: t('status.succeeded') },
    { value: 0, label: t('status.failed') },
  ];
}

/** goploy's history filters: publisher, outcome, branch, commit, file, commit and deploy dates. */
export function HistoryFilters({ onSearch }: HistoryFiltersProps) {
  const { t } = useTranslation('deploy');
  const mobile = useIsMobile();
  const [form] = Form.useForm<HistoryFilter>();
  const members = useMemberOptions();
  const states = useStateOptions();
  const reset = () => {
    form.resetFields();
    onSearch(NO_HISTORY_FILTER);
  };
  // On phones each filter takes a line, labels in one column so the inputs line up.
  const item = (name: keyof HistoryFilter, control: ReactNode) => (
    <Form.Item
      name={name}
      label={t(`history.filter.${name}`)}
      labelCol={mobile ? { flex: '0 0 96px' } : undefined}
      labelAlign="left"
      style={mobile ? { width: '100%', marginInlineEnd: 0 } : { marginBottom: 0 }}
    >
      {control}
    </Form.Item>
  );
  const width = (desktop: number) => (mobile ? undefined : { width: desktop });
  const text = (placeholder: string) => (
    <Input allowClear placeholder={placeholder} maxLength={255} style={width(160)} />
  );
  const publisher = (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={members.isPending}
      placeholder={t('history.filter.anyone')}
      options={(members.data ?? []).map((m) => ({ value: m.userId, label: m.userName }))}
      style={width(160)}
    />
  );
  const dates = <DatePicker.RangePicker style={mobile ? { width: '100%' } : undefined} />;
  return (
    <Form<HistoryFilter>
      form={form}
      layout="inline"
      initialValues={NO_HISTORY_FILTER}
      onFinish={(values) => onSearch({ ...NO_HISTORY_FILTER, ...values })}
      style={{ rowGap: 12 }}
    >
      {item('userId', publisher)}
      {item('state', <Select style={width(120)} options={states} />)}
      {item('branch', text('main'))}
      {item('commit', text('a1b2c3d'))}
      {item('filename', text('src/app.ts'))}
      {item('commitDate', dates)}
      {item('deployDate', dates)}
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('history.filter.search')}
        </Button>
        <Button icon={<UndoOutlined />} onClick={reset}>
          {t('history.filter.reset')}
        </Button>
      </Flex>
    </Form>
  );
}
