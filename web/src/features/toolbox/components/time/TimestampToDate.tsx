import { Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  applyTimeQuick,
  timestampToDate,
  toSecondsText,
  type TimeQuickAction,
} from '../../utils/timeConvert';
import { CopyableResult } from '../text/CopyableResult';
import { TimeQuickButtons } from './TimeQuickButtons';

/** A timestamp box (the current one as placeholder) with quick buttons, and its local date. */
export function TimestampToDate({ now }: { now: number }) {
  const { t } = useTranslation('toolboxText');
  const [timestamp, setTimestamp] = useState('');
  const result = timestamp.trim() === '' ? undefined : timestampToDate(timestamp);
  const pick = (action: TimeQuickAction) => {
    const next = applyTimeQuick(action, timestamp, Date.now());
    if (next !== undefined) setTimestamp(next);
  };
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('time.toDate')}
      </Typography.Title>
      <Input
        aria-label={t('time.timestamp')}
        placeholder={toSecondsText(now)}
        value={timestamp}
        onChange={(e) => setTimestamp(e.target.value)}
        status={result && !result.ok ? 'error' : undefined}
        inputMode="numeric"
        allowClear
      />
      {result && !result.ok && (
        <Typography.Text type="danger" role="alert">
          {t('time.badTimestamp')}
        </Typography.Text>
      )}
      <TimeQuickButtons onPick={pick} />
      <CopyableResult label={t('time.localDate')} value={result?.ok ? result.value : ''} />
    </Flex>
  );
}
