import type { MonitorTypeId } from '@ferry/contract/client';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { stateOf } from '../utils/filterMonitors';
import type { MonitorRow } from '../utils/MonitorRow';
import { StateDot } from './StateDot';

/** The live state dot, the name, and under it the type and the description. */
export function NameCell({ row }: { row: MonitorRow }) {
  const { t } = useTranslation('monitor');
  const type = t(`typeShort.${row.type as MonitorTypeId}`);
  return (
    <Flex gap={8} align="center" wrap={false} style={{ minWidth: 0 }}>
      <StateDot state={stateOf(row)} />
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong ellipsis style={{ maxWidth: 190 }}>
          {row.name}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ maxWidth: 190, fontSize: 12 }}>
          {row.description ? `${type} · ${row.description}` : type}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
