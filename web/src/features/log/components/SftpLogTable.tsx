import { Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClippedText } from '../../../ui/ClippedText';
import { Dash } from '../../../ui/Dash';
import { MonoText } from '../../../ui/MonoText';
import { PagedTable } from '../../../ui/PagedTable';
import type { TablePageProps } from '../../../ui/TablePageProps';
import type { SftpLogRow } from '../utils/rows';
import { isSftpLogType, type SftpLogType } from '../utils/sftpLogTypes';

/** Reading in blue, adding in green, changing in orange, moving in purple, deleting in red. */
const TYPE_COLOR: Record<SftpLogType, string> = {
  READ: 'blue',
  PREVIEW: 'blue',
  DOWNLOAD: 'geekblue',
  UPLOAD: 'green',
  MKDIR: 'green',
  EDIT: 'orange',
  RENAME: 'orange',
  COPY: 'purple',
  TRANSFER: 'purple',
  DELETE: 'red',
};

/**
 * File manager actions: when, who, on which server, what was done to which path, whether it
 * worked (and why not), what else it touched, and from where (the browser on hover).
 */
export function SftpLogTable({ filtered, ...page }: TablePageProps<SftpLogRow>) {
  const { t } = useTranslation('log');
  const columns: TableColumnsType<SftpLogRow> = [
    { key: 'insertTime', title: t('sftpLog.column.time'), dataIndex: 'insertTime' },
    { key: 'username', title: t('sftpLog.column.username'), dataIndex: 'username' },
    { key: 'serverName', title: t('sftpLog.column.serverName'), dataIndex: 'serverName' },
    {
      key: 'type',
      title: t('sftpLog.column.type'),
      dataIndex: 'type',
      render: (type: string) =>
        isSftpLogType(type) ? (
          <Tag color={TYPE_COLOR[type]}>{t(`sftpLog.type.${type}`)}</Tag>
        ) : (
          <Tag>{type}</Tag>
        ),
    },
    {
      key: 'path',
      title: t('sftpLog.column.path'),
      dataIndex: 'path',
      render: (path: string) => (
        <MonoText style={{ maxWidth: 320, display: 'inline-block', wordBreak: 'break-all' }}>
          {path}
        </MonoText>
      ),
    },
    {
      key: 'state',
      title: t('sftpLog.column.state'),
      dataIndex: 'state',
      render: (_: number, row) =>
        row.state === 1 ? (
          <Tag color="success">{t('sftpLog.ok')}</Tag>
        ) : (
          <Tooltip title={row.reason || undefined}>
            <Tag color="error" style={{ maxWidth: 240, whiteSpace: 'normal' }}>
              {row.reason
                ? t('sftpLog.failedBecause', { reason: row.reason })
                : t('sftpLog.failed')}
            </Tag>
          </Tooltip>
        ),
    },
    {
      key: 'detail',
      title: t('sftpLog.column.detail'),
      dataIndex: 'detail',
      responsive: ['xl'],
      render: (detail: string) => <ClippedText text={detail} width={220} />,
    },
    {
      key: 'remoteAddr',
      title: t('sftpLog.column.remoteAddr'),
      dataIndex: 'remoteAddr',
      responsive: ['lg'],
      render: (addr: string, row) =>
        addr ? (
          <Tooltip title={row.userAgent || undefined}>
            <Typography.Text>{addr}</Typography.Text>
          </Tooltip>
        ) : (
          <Dash />
        ),
    },
  ];

  return (
    <PagedTable<SftpLogRow>
      {...page}
      columns={columns}
      emptyText={filtered ? t('sftpLog.noMatch') : t('sftpLog.empty')}
      cardKeys={['path', 'type', 'state', 'username', 'serverName', 'insertTime']}
    />
  );
}
