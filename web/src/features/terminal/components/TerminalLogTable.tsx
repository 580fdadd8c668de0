import { DownloadOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Button, Flex, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { session } from '../../../auth/session';
import { usePermission } from '../../../auth/usePermission';
import { ClippedText } from '../../../ui/ClippedText';
import { Dash } from '../../../ui/Dash';
import { PagedTable } from '../../../ui/PagedTable';
import type { TablePageProps } from '../../../ui/TablePageProps';
import { useActionsColumn } from '../../../ui/useActionsColumn';
import { useIsMobile } from '../../../ui/useIsMobile';
import { recordUrl } from '../utils/recordUrl';
import { sessionDuration } from '../utils/sessionDuration';
import type { TerminalLogRow } from '../utils/TerminalLogRow';

interface TerminalLogTableProps extends TablePageProps<TerminalLogRow> {
  onReplay: (log: TerminalLogRow) => void;
}

/** Replay and download of a session's recording, for holders of ShowTerminalRecord. */
function RecordActions(props: { log: TerminalLogRow; compact: boolean; onReplay: () => void }) {
  const { log, compact, onReplay } = props;
  const { t } = useTranslation('terminal');
  if (!log.hasRecord) {
    const why = log.recordPruned ? t('log.recordPruned') : t('log.noRecord');
    return <Typography.Text type="secondary">{why}</Typography.Text>;
  }
  const label = (text: string) => ({
    'aria-label': compact ? text : undefined,
    title: compact ? text : undefined,
  });
  return (
    <Flex gap={4}>
      <Button
        type="link"
        size="small"
        icon={<PlayCircleOutlined aria-hidden />}
        onClick={onReplay}
        {...label(t('log.replay'))}
      >
        {compact ? null : t('log.replay')}
      </Button>
      <Button
        type="link"
        size="small"
        icon={<DownloadOutlined aria-hidden />}
        href={recordUrl(log.id, session.identity().id)}
        download={`${log.id}.cast`}
        {...label(t('log.download'))}
      >
        {compact ? null : t('log.download')}
      </Button>
    </Flex>
  );
}

/** Terminal sessions: who opened a shell on which server, from where, when and for how long. */
export function TerminalLogTable({ filtered, onReplay, ...page }: TerminalLogTableProps) {
  const { t } = useTranslation('terminal');
  const mayReplay = usePermission([Perm.ShowTerminalRecord]);
  // On phones the card's actions shrink to their icons.
  const compact = useIsMobile();
  const actions = useActionsColumn<TerminalLogRow>((log) => (
    <RecordActions log={log} compact={compact} onReplay={() => onReplay(log)} />
  ));
  const columns: TableColumnsType<TerminalLogRow> = [
    { key: 'id', title: t('log.column.id'), dataIndex: 'id', responsive: ['xxl'] },
    { key: 'username', title: t('log.column.username'), dataIndex: 'username' },
    { key: 'serverName', title: t('log.column.serverName'), dataIndex: 'serverName' },
    {
      key: 'remoteAddr',
      title: t('log.column.remoteAddr'),
      dataIndex: 'remoteAddr',
      responsive: ['xl'],
      render: (addr: string) => addr || <Dash />,
    },
    {
      key: 'userAgent',
      title: t('log.column.userAgent'),
      dataIndex: 'userAgent',
      responsive: ['xxl'],
      render: (agent: string) => <ClippedText text={agent} width={150} />,
    },
    { key: 'startTime', title: t('log.column.startTime'), dataIndex: 'startTime' },
    {
      key: 'endTime',
      title: t('log.column.endTime'),
      dataIndex: 'endTime',
      render: (end: string) => end || <Tag color="processing">{t('log.open')}</Tag>,
    },
    {
      key: 'duration',
      title: t('log.column.duration'),
      render: (_, log) => sessionDuration(log.startTime, log.endTime) ?? <Dash />,
    },
  ];
  if (mayReplay) columns.push(actions);

  return (
    <PagedTable<TerminalLogRow>
      {...page}
      columns={columns}
      emptyText={filtered ? t('log.noMatch') : t('log.empty')}
      cardKeys={['serverName', 'username', 'startTime', 'duration']}
    />
  );
}
