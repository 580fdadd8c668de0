import { DiffOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { MonoText } from '../../../ui/MonoText';
import { useIsMobile } from '../../../ui/useIsMobile';
import { ErrorState } from '../../../ui/ErrorState';
import { errorText } from '../../../api/errorText';
import { useFileCompare } from '../hooks/useFileCompare';
import type { CompareRow } from '../utils/CompareRow';
import { compareLook, sortCompareRows } from '../utils/compareState';
import { CompareStateTag } from './CompareStateTag';

/**
 * File `filePath` against every server of the project: a row per server with its state, the
 * reason of an error, and a Diff for a file that differs or is missing.
 */
export function CompareResults(props: {
  projectId: number;
  filePath: string;
  onDiff: (row: CompareRow) => void;
}) {
  const { t } = useTranslation('repository');
  const mobile = useIsMobile();
  const compare = useFileCompare(props.projectId, props.filePath);
  if (compare.isError) {
    return (
      <ErrorState
        title={t('compare.failed')}
        detail={errorText(compare.error)}
        onRetry={() => void compare.refetch()}
      />
    );
  }
  const rows = compare.data ? sortCompareRows(compare.data) : undefined;
  const differ = rows?.filter((r) => r.status !== 'no change').length ?? 0;
  const columns: TableColumnsType<CompareRow> = [
    {
      key: 'server',
      title: t('compare.server'),
      render: (_, r) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text ellipsis={{ tooltip: r.serverName }}>{r.serverName}</Typography.Text>
          <MonoText secondary>{r.serverIP}</MonoText>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('compare.status'),
      width: mobile ? 112 : 200,
      render: (_, r) => (
        <Flex vertical gap={4} align="start" style={{ minWidth: 0 }}>
          <CompareStateTag status={r.status} />
          {r.reason ? (
            <Typography.Text type="danger" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
              {r.reason}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'diff',
      title: t('compare.diff'),
      width: mobile ? 56 : 96,
      render: (_, r) =>
        compareLook(r.status).diff ? (
          <Button
            size="small"
            icon={<DiffOutlined />}
            aria-label={t('compare.diffOf', { path: props.filePath, server: r.serverName })}
            onClick={() => props.onDiff(r)}
          >
            {mobile ? null : t('compare.diff')}
          </Button>
        ) : null,
    },
  ];
  return (
    <Flex vertical gap={8}>
      {rows && rows.length > 0 ? (
        <Typography.Text type={differ > 0 ? 'warning' : 'success'} role="status">
          {differ > 0 ? t('compare.summary', { count: differ }) : t('compare.allSame')}
        </Typography.Text>
      ) : null}
      <Table<CompareRow>
        size="small"
        rowKey="serverId"
        columns={columns}
        dataSource={rows}
        loading={compare.isFetching && { tip: t('compare.comparing', { path: props.filePath }) }}
        pagination={false}
        tableLayout="fixed"
        locale={{
          emptyText: compare.isPending ? (
            ' '
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('compare.noServers')} />
          ),
        }}
        onRow={(r) => ({ 'aria-label': r.serverName })}
      />
    </Flex>
  );
}
