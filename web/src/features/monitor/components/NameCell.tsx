import type { MonitorTypeId } from '@ferry/contract/client';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { stateOf } from '../utils/filterMonitors';
import type { MonitorRow } from '../utils/MonitorRow';
import { StateDot } from './StateDot';

/** The live state dot, the name (opening the details), and under it the type and the description. */
export function NameCell({ row, onOpen }: { row: MonitorRow; onOpen: (row: MonitorRow) => void }) {
  const { t } = useTranslation('monitor');
  const type = t(`typeShort.${row.type as MonitorTypeId}`);
  return (
    <Flex gap={8} align="center" wrap={false} style={{ minWidth: 0 }}>
      <StateDot state={stateOf(row)} />
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Link strong ellipsis style={{ maxWidth: 190 }} onClick={() => onOpen(row)}>
          {row.name}
        </Typography.Link>
        <Typography.Text type="secondary" ellipsis style={{ maxWidth: 190, fontSize: 12 }}>
          {row.description ? `${type} · ${row.description}` : type}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
