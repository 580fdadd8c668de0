import {
  MAX_MONITOR_INTERVAL_S,
  MAX_MONITOR_TIMES,
  MAX_NOTIFY_TIMES,
  MAX_SILENT_CYCLE_MIN,
  MIN_MONITOR_INTERVAL_S,
  monitorRoutes,
} from '@ferry/contract/client';
import { Col, Form, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotifyTargetReveal } from '../../../api/useNotifyTargetReveal';
import { NotifyFields } from '../../../ui/NotifyFields';

/**
 * How often to check, when to call it down, how often to repeat the alert and where to send it
 * (the stored address of monitor `monitorId` is shown whole on request).
 */
export function AlertFields({ monitorId }: { monitorId?: number | undefined }) {
  const { t } = useTranslation('monitor');
  const reveal = useNotifyTargetReveal(monitorRoutes.showNotifyTarget, monitorId);
  const number = (min: number, max: number) => [
    { required: true, message: t('form.numberRequired') },
    { type: 'number' as const, min, max, message: t('form.between', { min, max }) },
  ];
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="second"
            label={t('form.second')}
            extra={t('form.secondHelp', { min: MIN_MONITOR_INTERVAL_S })}
            rules={number(MIN_MONITOR_INTERVAL_S, MAX_MONITOR_INTERVAL_S)}
          >
            <InputNumber precision={0} suffix={t('unit.s')} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="times"
            label={t('form.times')}
            extra={t('form.timesHelp')}
            rules={number(1, MAX_MONITOR_TIMES)}
          >
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="silentCycle"
            label={t('form.silentCycle')}
            extra={t('form.silentCycleHelp')}
            rules={number(1, MAX_SILENT_CYCLE_MIN)}
          >
            <InputNumber precision={0} suffix={t('unit.min')} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="notifyTimes"
            label={t('form.notifyTimes')}
            extra={t('form.notifyTimesHelp')}
            rules={number(0, MAX_NOTIFY_TIMES)}
          >
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <NotifyFields reveal={reveal} />
    </>
  );
}
