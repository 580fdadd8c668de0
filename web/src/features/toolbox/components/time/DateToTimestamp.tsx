import dayjs from 'dayjs';
import { Col, Flex, Input, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, dateToTimestamp, toSecondsText } from '../../utils/timeConvert';
import { CopyableResult } from '../text/CopyableResult';

/** A local date box (the current date as placeholder) and its timestamp in s and ms. */
export function DateToTimestamp({ now }: { now: number }) {
  const { t } = useTranslation('toolboxText');
  const [date, setDate] = useState('');
  const result = date.trim() === '' ? undefined : dateToTimestamp(date);
  const ms = result?.ok ? result.value : undefined;
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('time.toTimestamp')}
      </Typography.Title>
      <Input
        aria-label={t('time.date')}
        placeholder={dayjs(now).format(DATE_FORMAT)}
        value={date}
        onChange={(e) => setDate(e.target.value)}
        status={result && !result.ok ? 'error' : undefined}
        allowClear
      />
      {result && !result.ok && (
        <Typography.Text type="danger" role="alert">
          {t('time.badDate')}
        </Typography.Text>
      )}
      <Row gutter={[8, 8]}>
        <Col xs={24} sm={12}>
          <CopyableResult
            label={t('time.seconds')}
            value={ms === undefined ? '' : toSecondsText(ms)}
          />
        </Col>
        <Col xs={24} sm={12}>
          <CopyableResult
            label={t('time.milliseconds')}
            value={ms === undefined ? '' : String(ms)}
          />
        </Col>
      </Row>
    </Flex>
  );
}
