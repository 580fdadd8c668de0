import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClippedText } from '../../../ui/ClippedText';
import { Dash } from '../../../ui/Dash';
import { PagedTable } from '../../../ui/PagedTable';
import type { LoginLogRow } from '../utils/rows';
import type { TablePageProps } from '../../../ui/TablePageProps';

/** Login attempts: who, from where, and the outcome (an empty reason is a success). */
export function LoginLogTable({ filtered, ...page }: TablePageProps<LoginLogRow>) {
  const { t } = useTranslation('log');
  const columns: TableColumnsType<LoginLogRow> = [
    { key: 'account', title: t('loginLog.column.account'), dataIndex: 'account' },
    {
      key: 'remoteAddr',
      title: t('loginLog.column.remoteAddr'),
      dataIndex: 'remoteAddr',
      render: (addr: string) => addr || <Dash />,
    },
    {
      key: 'userAgent',
      title: t('loginLog.column.userAgent'),
      dataIndex: 'userAgent',
      responsive: ['lg'],
      render: (agent: string) => <ClippedText text={agent} width={240} />,
    },
    {
      key: 'referer',
      title: t('loginLog.column.referer'),
      dataIndex: 'referer',
      responsive: ['xxl'],
      render: (referer: string) => <ClippedText text={referer} width={200} />,
    },
    {
      key: 'reason',
      title: t('loginLog.column.result'),
      dataIndex: 'reason',
      render: (reason: string) =>
        reason ? (
          <Tag color="error" style={{ maxWidth: 240, whiteSpace: 'normal' }}>
            {reason}
          </Tag>
        ) : (
          <Tag color="success">{t('loginLog.success')}</Tag>
        ),
    },
    { key: 'loginTime', title: t('loginLog.column.loginTime'), dataIndex: 'loginTime' },
  ];

  return (
    <PagedTable<LoginLogRow>
      {...page}
      columns={columns}
      emptyText={filtered ? t('loginLog.noMatch') : t('loginLog.empty')}
      cardKeys={['account', 'reason', 'remoteAddr', 'loginTime']}
    />
  );
}
