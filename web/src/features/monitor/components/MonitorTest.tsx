import { ExperimentOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Form, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckMonitor } from '../hooks/useCheckMonitor';
import { useFieldErrors } from '../hooks/useFieldErrors';
import { checkInputOf, type MonitorFormValues } from '../utils/monitorForm';
import { CheckResult } from './CheckResult';

/** The fields a check reads, validated before it runs. */
const CHECK_FIELDS = [
  'type',
  'items',
  'serverIds',
  'process',
  'script',
  'timeout',
  'statuses',
  'keyword',
  'maxResponseMs',
  'certWarnDays',
] as const;

/**
 * "Test": one check of what the form holds now, the success or fail script only when asked;
 * a spinner while it runs (up to the timeout), then what each item answered.
 */
export function MonitorTest() {
  const { t } = useTranslation('monitor');
  const form = Form.useFormInstance<MonitorFormValues>();
  const check = useCheckMonitor();
  const showFieldError = useFieldErrors(form);
  const [runScripts, setRunScripts] = useState(false);
  const timeout = Form.useWatch<number | undefined>('timeout') ?? 10;

  const run = async () => {
    const fields: (string | (string | number)[])[] = [...CHECK_FIELDS];
    const items = (form.getFieldValue('items') as string[] | undefined) ?? [];
    items.forEach((_, i) => fields.push(['items', i]));
    if (runScripts) fields.push('successServerId', 'failServerId');
    try {
      await form.validateFields(fields);
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as MonitorFormValues;
    check.mutate(checkInputOf(values, runScripts), { onError: showFieldError });
  };

  return (
    <Flex vertical gap={12}>
      <Flex gap={12} align="center" wrap>
        <Button icon={<ExperimentOutlined />} loading={check.isPending} onClick={() => void run()}>
          {t('test.run')}
        </Button>
        <Checkbox checked={runScripts} onChange={(e) => setRunScripts(e.target.checked)}>
          {t('test.runScripts')}
        </Checkbox>
      </Flex>
      {check.isPending ? (
        <Flex gap={8} align="center" role="status">
          <Spin size="small" />
          <Typography.Text type="secondary">{t('test.running', { timeout })}</Typography.Text>
        </Flex>
      ) : check.data ? (
        <CheckResult answer={check.data} />
      ) : (
        <Typography.Text type="secondary">{t('test.help')}</Typography.Text>
      )}
    </Flex>
  );
}
