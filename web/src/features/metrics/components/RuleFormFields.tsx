import {
  MAX_RULE_LAST_CYCLE,
  MAX_RULE_SILENT_CYCLE,
  MIN_RULE_LAST_CYCLE,
  MIN_RULE_SILENT_CYCLE,
  RULE_FORMULAS,
  RULE_GROUP_CYCLES,
  RULE_OPERATORS,
} from '@ferry/contract/client';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

interface RuleFormFieldsProps {
  /** The items to pick from, grouped by chart. */
  itemOptions: { label: string; options: { value: string; label: string }[] }[];
}

/** The rule's condition and its evaluation: item, formula, operator, threshold, windows, times. */
export function RuleFormFields({ itemOptions }: RuleFormFieldsProps) {
  const { t } = useTranslation('metrics');
  const number = (min: number, max: number) => [
    { required: true, message: t('form.numberRequired') },
    { type: 'number' as const, min, max, message: t('form.between', { min, max }) },
  ];
  const time = [{ required: true, pattern: TIME_OF_DAY, message: 'HH:MM' }];
  return (
    <>
      <Form.Item
        name="item"
        label={t('form.item')}
        extra={t('form.itemHelp')}
        rules={[{ required: true, message: t('form.itemRequired') }]}
      >
        <Select
          showSearch
          aria-label={t('form.item')}
          options={itemOptions}
          notFoundContent={t('form.noItems')}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={12} sm={8}>
          <Form.Item name="formula" label={t('form.formula')}>
            <Select
              aria-label={t('form.formula')}
              options={RULE_FORMULAS.map((f) => ({ value: f, label: t(`form.formulas.${f}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="operator" label={t('form.operator')}>
            <Select
              aria-label={t('form.operator')}
              options={RULE_OPERATORS.map((o) => ({ value: o, label: o }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item
            name="value"
            label={t('form.value')}
            rules={[{ required: true, type: 'number', message: t('form.valueRequired') }]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="groupCycle"
            label={t('form.groupCycle')}
            extra={t('form.groupCycleHelp')}
          >
            <Select
              aria-label={t('form.groupCycle')}
              options={RULE_GROUP_CYCLES.map((c) => ({
                value: c,
                label: `${c} ${t('form.unitMin')}`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="lastCycle"
            label={t('form.lastCycle')}
            extra={t('form.lastCycleHelp')}
            rules={number(MIN_RULE_LAST_CYCLE, MAX_RULE_LAST_CYCLE)}
          >
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="silentCycle"
            label={t('form.silentCycle')}
            extra={t('form.silentCycleHelp')}
            rules={number(MIN_RULE_SILENT_CYCLE, MAX_RULE_SILENT_CYCLE)}
          >
            <InputNumber precision={0} suffix={t('form.unitMin')} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item
            name="startTime"
            label={t('form.startTime')}
            extra={t('form.timeHelp')}
            rules={time}
          >
            <Input placeholder="00:00" maxLength={5} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="endTime" label={t('form.endTime')} rules={time}>
            <Input placeholder="23:59" maxLength={5} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
