import { Flex, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Dash } from '../../../ui/Dash';
import { MonoText } from '../../../ui/MonoText';
import { PagedTable } from '../../../ui/PagedTable';
import type { TablePageProps } from '../../../ui/TablePageProps';
import type { SftpLogRow } from '../utils/rows';
import { isSftpLogType, type SftpLogType } from '@ferry/contract/client';

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
 * File manager actions: when, who, on which server, what was done to which path and what else it
 * touched, whether it worked (and why not), and from where (the browser on hover).
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
      // The other side of the action (a new name, destinations, bytes) under the path, so it
      // shows at every width.
      render: (path: string, row) => (
        <Flex vertical gap={2} style={{ maxWidth: 300 }}>
          <MonoText style={{ wordBreak: 'break-all' }}>{path}</MonoText>
          {row.detail ? (
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: row.detail }}
              aria-label={t('sftpLog.detailLabel', { detail: row.detail })}
              style={{ fontSize: 12 }}
            >
              {row.detail}
            </Typography.Text>
          ) : null}
        </Flex>
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
          <Flex vertical align="start" gap={2}>
            <Tag color="error">{t('sftpLog.failed')}</Tag>
            {row.reason ? (
              <Typography.Text
                type="danger"
                ellipsis={{ tooltip: row.reason }}
                style={{ maxWidth: 200 }}
              >
                {row.reason}
              </Typography.Text>
            ) : null}
          </Flex>
        ),
    },
    {
      key: 'remoteAddr',
      title: t('sftpLog.column.remoteAddr'),
      dataIndex: 'remoteAddr',
      responsive: ['xl'],
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
