import { MonitorType } from '@ferry/contract/client';
import { Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { onServers } from '../utils/monitorForm';
import type { MonitorRow } from '../utils/MonitorRow';

/** Shown in the cell; the rest are counted and listed on hover. */
const SHOWN = 2;

interface TargetsCellProps {
  row: MonitorRow;
  /** Server names by id, for process and script checks. */
  serverNames: ReadonlyMap<number, string>;
}

/** What the monitor checks: URLs, addresses, hosts, or servers (with the process name). */
export function TargetsCell({ row, serverNames }: TargetsCellProps) {
  const { t } = useTranslation('monitor');
  const items = onServers(row.type)
    ? row.target.items.map((id) => serverNames.get(Number(id)) ?? `#${id}`)
    : row.target.items;
  const rest = items.slice(SHOWN);
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      {items.slice(0, SHOWN).map((item, i) => (
        <Typography.Text key={`${i}-${item}`} ellipsis style={{ maxWidth: 280 }}>
          {item}
        </Typography.Text>
      ))}
      {rest.length > 0 ? (
        <Tooltip title={rest.join('\n')} styles={{ root: { whiteSpace: 'pre-line' } }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} tabIndex={0}>
            {t('targets.more', { count: rest.length })}
          </Typography.Text>
        </Tooltip>
      ) : null}
      {row.type === MonitorType.process && row.target.process ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('targets.process', { name: row.target.process })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
