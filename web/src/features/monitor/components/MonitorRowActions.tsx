import {
  DeleteOutlined,
  EditOutlined,
  LineChartOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
} from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import { RowActions, type RowActionItem } from '../../../ui/RowActions';
import type { MonitorRow } from '../utils/MonitorRow';

/** What a row's buttons do; the row shows only those the user may use. */
export interface RowHandlers {
  /** Opens the detail drawer: response times, outages. */
  onOpen: (row: MonitorRow) => void;
  onToggle: (row: MonitorRow) => void;
  onEdit: (row: MonitorRow) => void;
  onDelete: (row: MonitorRow) => void;
}

/**
 * Edit (EditMonitor) as a link; details, pause or resume (EditMonitor) and delete (DeleteMonitor)
 * under More (the name opens the details too).
 */
export function MonitorRowActions({ row, ...on }: RowHandlers & { row: MonitorRow }) {
  const { t } = useTranslation('monitor');
  const mayEdit = usePermission([Perm.EditMonitor]);
  const mayDelete = usePermission([Perm.DeleteMonitor]);
  const links: RowActionItem[] = [];
  const more: RowActionItem[] = [
    {
      key: 'details',
      icon: <LineChartOutlined />,
      label: t('action.details'),
      onClick: () => on.onOpen(row),
    },
  ];
  if (mayEdit) {
    const paused = row.state !== 1;
    more.push({
      key: 'toggle',
      icon: paused ? <PlayCircleOutlined /> : <PauseCircleOutlined />,
      label: paused ? t('action.resume') : t('action.pause'),
      onClick: () => on.onToggle(row),
    });
    links.push({
      key: 'edit',
      icon: <EditOutlined />,
      label: t('action.edit'),
      onClick: () => on.onEdit(row),
    });
  }
  if (mayDelete) {
    (links.length < 1 ? links : more).push({
      key: 'delete',
      icon: <DeleteOutlined />,
      label: t('action.delete'),
      danger: true,
      onClick: () => on.onDelete(row),
    });
  }
  return <RowActions links={links} more={more} subject={row.name} />;
}
