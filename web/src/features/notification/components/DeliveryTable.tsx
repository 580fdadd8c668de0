import { HistoryOutlined, SendOutlined } from '@ant-design/icons';
import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChannelName } from '../hooks/useChannelName';
import { ClippedText } from '../../../ui/ClippedText';
import { Dash } from '../../../ui/Dash';
import { MonoText } from '../../../ui/MonoText';
import { PagedTable } from '../../../ui/PagedTable';
import { RowActions, type RowActionItem } from '../../../ui/RowActions';
import type { TablePageProps } from '../../../ui/TablePageProps';
import { useActionsColumn } from '../../../ui/useActionsColumn';
import type { DeliveryRow } from '../utils/deliveryRow';
import { DeliveryStateTag } from './DeliveryStateTag';

interface DeliveryTableProps extends TablePageProps<DeliveryRow> {
  onTries: (row: DeliveryRow) => void;
  /** Absent without the right to send again. */
  onSendAgain?: (row: DeliveryRow) => void;
}

/** Messages: when, what, where to, and how their tries went. */
export function DeliveryTable({ filtered, onTries, onSendAgain, ...page }: DeliveryTableProps) {
  const { t } = useTranslation('notification');
  const channelName = useChannelName();
  const actions = useActionsColumn<DeliveryRow>((row) => {
    const links: RowActionItem[] = [
      {
        key: 'tries',
        icon: <HistoryOutlined />,
        label: t('delivery.tries'),
        onClick: () => onTries(row),
      },
    ];
    if (onSendAgain) {
      links.push({
        key: 'sendAgain',
        icon: <SendOutlined />,
        label: t('delivery.sendAgain'),
        onClick: () => onSendAgain(row),
      });
    }
    return <RowActions links={links} subject={row.subject} />;
  });
  const columns: TableColumnsType<DeliveryRow> = [
    {
      key: 'time',
      title: t('delivery.column.time'),
      dataIndex: 'insertTime',
      render: (time: string) => <span style={{ whiteSpace: 'nowrap' }}>{time}</span>,
    },
    {
      key: 'subject',
      title: t('delivery.column.subject'),
      dataIndex: 'subject',
      render: (subject: string) => <ClippedText text={subject} width={220} />,
    },
    {
      key: 'project',
      title: t('delivery.column.project'),
      dataIndex: 'projectName',
      render: (name: string) => <ClippedText text={name} width={140} />,
    },
    {
      key: 'channel',
      title: t('delivery.column.channel'),
      dataIndex: 'channel',
      render: (channel: number) => (
        <Tag variant="outlined" style={{ marginInlineEnd: 0 }}>
          {channelName(channel)}
        </Tag>
      ),
    },
    {
      key: 'target',
      title: t('delivery.column.target'),
      dataIndex: 'targetHost',
      responsive: ['xxl'],
      render: (host: string) => (host ? <MonoText>{host}</MonoText> : <Dash />),
    },
    {
      key: 'state',
      title: t('delivery.column.state'),
      render: (_, row) => <DeliveryStateTag row={row} />,
    },
    {
      key: 'attempts',
      title: t('delivery.column.attempts'),
      dataIndex: 'attempts',
      align: 'end',
    },
    {
      key: 'lastError',
      title: t('delivery.column.lastError'),
      dataIndex: 'lastError',
      responsive: ['xxl'],
      render: (error: string) => <ClippedText text={error} width={220} />,
    },
    {
      key: 'creator',
      title: t('delivery.column.creator'),
      dataIndex: 'creator',
      responsive: ['xxl'],
      render: (creator: string) => creator || t('delivery.system'),
    },
    actions,
  ];

  return (
    <PagedTable<DeliveryRow>
      {...page}
      columns={columns}
      emptyText={filtered ? t('delivery.noMatch') : t('delivery.empty')}
      cardKeys={['subject', 'state', 'project', 'channel', 'time', 'lastError']}
    />
  );
}
