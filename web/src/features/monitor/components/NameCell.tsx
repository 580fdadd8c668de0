import { Flex, Typography } from 'antd';
import { stateOf } from '../utils/filterMonitors';
import type { MonitorRow } from '../utils/MonitorRow';
import { StateDot } from './StateDot';

/** The live state dot, the name and the description under it. */
export function NameCell({ row }: { row: MonitorRow }) {
  return (
    <Flex gap={8} align="center" wrap={false} style={{ minWidth: 0 }}>
      <StateDot state={stateOf(row)} />
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong ellipsis style={{ maxWidth: 240 }}>
          {row.name}
        </Typography.Text>
        {row.description ? (
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 240, fontSize: 12 }}>
            {row.description}
          </Typography.Text>
        ) : null}
      </Flex>
    </Flex>
  );
}
