import { Divider, Flex } from 'antd';
import type { JSX } from 'react';
import { DateToTimestamp } from '../components/time/DateToTimestamp';
import { TimestampToDate } from '../components/time/TimestampToDate';
import { useTimeNow } from '../hooks/useTimeNow';

/** Date and timestamp, both ways, in local time; the placeholders tick every second. */
export function TimeTool(): JSX.Element {
  const now = useTimeNow();
  return (
    <Flex vertical>
      <TimestampToDate now={now} />
      <Divider style={{ margin: '16px 0' }} />
      <DateToTimestamp now={now} />
    </Flex>
  );
}
