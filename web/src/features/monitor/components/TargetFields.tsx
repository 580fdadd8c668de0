import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_CHECK_TIMEOUT_S, MAX_MONITOR_ITEMS, MonitorType } from '@ferry/contract/client';
import { Button, Col, Flex, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MonitorFormValues } from '../utils/monitorForm';
import { ScriptEditorField } from './ScriptEditorField';
import { ServersSelect } from './ServerSelect';

const HTTP_URL = /^https?:\/\/\S+$/i;
const HOST_PORT = /^\S+:\d{1,5}$/;

/** What each listed item is, by type. */
const ITEM_KEYS = {
  [MonitorType.site]: 'url',
  [MonitorType.port]: 'hostPort',
  [MonitorType.ping]: 'host',
} as const;
type ListType = keyof typeof ITEM_KEYS;

/** The target of the chosen type: URLs, addresses or hosts, or servers with a process or a script. */
export function TargetFields({ type }: { type: MonitorFormValues['type'] }) {
  const { t } = useTranslation('monitor');
  if (type === MonitorType.process || type === MonitorType.script) {
    return (
      <>
        <Form.Item
          name="serverIds"
          label={t('form.servers')}
          extra={t('form.serversHelp')}
          rules={[{ required: true, type: 'array', min: 1, message: t('form.serversRequired') }]}
        >
          <ServersSelect label={t('form.servers')} />
        </Form.Item>
        {type === MonitorType.process ? (
          <Form.Item
            name="process"
            label={t('form.process')}
            extra={t('form.processHelp')}
            rules={[
              { required: true, whitespace: true, message: t('form.processRequired') },
              { max: 255, message: t('form.tooLong') },
            ]}
          >
            <Input placeholder="nginx" autoComplete="off" />
          </Form.Item>
        ) : (
          <Form.Item
            name="script"
            label={t('form.script')}
            extra={t('form.scriptHelp')}
            rules={[{ required: true, whitespace: true, message: t('form.scriptRequired') }]}
          >
            <ScriptEditorField label={t('form.script')} height="200px" />
          </Form.Item>
        )}
        <TimeoutField />
      </>
    );
  }
  return (
    <>
      <ItemsField type={type} />
      <TimeoutField />
      {type === MonitorType.site ? <SiteOptions /> : null}
    </>
  );
}

function TimeoutField() {
  const { t } = useTranslation('monitor');
  return (
    <Form.Item
      name="timeout"
      label={t('form.timeout')}
      rules={[{ required: true, message: t('form.numberRequired') }]}
    >
      <InputNumber min={1} max={MAX_CHECK_TIMEOUT_S} precision={0} suffix={t('unit.s')} />
    </Form.Item>
  );
}

/** The URLs, `host:port` addresses or hosts, one per line, each checked. */
function ItemsField({ type }: { type: ListType }) {
  const { t } = useTranslation('monitor');
  const key = ITEM_KEYS[type];
  const label = t(`form.items.${key}`);
  const rule =
    type === MonitorType.site
      ? { pattern: HTTP_URL, message: t('form.items.urlRule') }
      : type === MonitorType.port
        ? { pattern: HOST_PORT, message: t('form.items.hostPortRule') }
        : { pattern: /^\S+$/, message: t('form.items.hostRule') };
  return (
    <Form.List name="items">
      {(fields, { add, remove }) => (
        <Form.Item label={label} required extra={t('form.items.help')}>
          <Flex vertical gap={8}>
            {fields.map((field, i) => (
              <Flex key={field.key} gap={8} align="flex-start">
                <Form.Item
                  name={field.name}
                  noStyle={false}
                  style={{ flex: 1, marginBottom: 0 }}
                  rules={[
                    { required: true, whitespace: true, message: t('form.items.required') },
                    rule,
                    { max: 2048, message: t('form.tooLong') },
                  ]}
                >
                  <Input
                    aria-label={`${label} ${i + 1}`}
                    placeholder={t(`form.items.${key}Placeholder`)}
                    autoComplete="off"
                  />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('form.items.remove', { n: i + 1 })}
                  disabled={fields.length <= 1}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            ))}
            {fields.length < MAX_MONITOR_ITEMS ? (
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add('')}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('form.items.add')}
              </Button>
            ) : null}
          </Flex>
        </Form.Item>
      )}
    </Form.List>
  );
}

/** A site check's options: method, accepted statuses, keyword, slowest answer, certificate. */
function SiteOptions() {
  const { t } = useTranslation('monitor');
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item name="method" label={t('form.method')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'GET', label: 'GET' },
                { value: 'HEAD', label: 'HEAD' },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16}>
          <Form.Item
            name="statuses"
            label={t('form.statuses')}
            extra={t('form.statusesHelp')}
            rules={[
              {
                pattern: /^\s*\d{3}\s*(-\s*\d{3}\s*)?(,\s*\d{3}\s*(-\s*\d{3}\s*)?)*$/,
                message: t('form.statusesRule'),
              },
            ]}
          >
            <Input placeholder="200-399" autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('form.keyword')} extra={t('form.keywordHelp')}>
        <Flex gap={8} wrap>
          <Form.Item name="keywordMode" noStyle>
            <Select
              aria-label={t('form.keywordMode')}
              options={[
                { value: 'contains', label: t('form.keywordContains') },
                { value: 'absent', label: t('form.keywordAbsent') },
              ]}
              style={{ width: 180 }}
            />
          </Form.Item>
          <Form.Item name="keyword" noStyle rules={[{ max: 1024, message: t('form.tooLong') }]}>
            <Input
              aria-label={t('form.keyword')}
              placeholder={t('form.keywordPlaceholder')}
              style={{ flex: 1, minWidth: 180 }}
            />
          </Form.Item>
        </Flex>
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="maxResponseMs"
            label={t('form.maxResponse')}
            extra={t('form.maxResponseHelp')}
          >
            <InputNumber
              min={0}
              max={MAX_CHECK_TIMEOUT_S * 1000}
              precision={0}
              step={100}
              suffix={t('unit.ms')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="certWarnDays"
            label={t('form.certWarnDays')}
            extra={t('form.certWarnDaysHelp')}
          >
            <InputNumber
              min={0}
              max={365}
              precision={0}
              suffix={t('unit.days')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
