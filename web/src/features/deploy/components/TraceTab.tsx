import { Collapse, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { ErrorState } from '../../../ui/ErrorState';
import { TableEmpty } from '../../../ui/TableEmpty';
import type { TraceRow } from '../utils/DeployRow';
import { orderTrace, stageOfTrace, traceExt } from '../utils/traceRows';
import { TraceRowBody } from './TraceRowBody';

interface TraceTabProps {
  trace: {
    data?: TraceRow[];
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
}

/** The deploy's audit trail, stage by stage and server by server; each row opens its record. */
export function TraceTab({ trace }: TraceTabProps) {
  const { t } = useTranslation('deploy');
  if (trace.isError) {
    return (
      <ErrorState
        title={t('trace.loadFailed')}
        detail={errorText(trace.error)}
        onRetry={() => void trace.refetch()}
      />
    );
  }
  const rows = orderTrace(trace.data ?? []);
  if (rows.length === 0)
    return <TableEmpty text={trace.isPending ? t('trace.loading') : t('trace.empty')} />;
  return (
    <Collapse
      size="small"
      items={rows.map((row) => {
        const stage = stageOfTrace(row.type);
        const server = traceExt(row).serverName;
        const title = `${stage ? t(`stage.${stage}`) : `#${row.type}`}${server ? ` · ${server}` : ''}`;
        return {
          key: row.id,
          label: (
            <Flex justify="space-between" gap={8} wrap>
              <Typography.Text strong>{title}</Typography.Text>
              <Flex gap={8} align="center">
                <Typography.Text type="secondary">{row.insertTime}</Typography.Text>
                <Tag
                  color={row.state === 1 ? 'success' : 'error'}
                  variant="filled"
                  style={{ marginInlineEnd: 0 }}
                >
                  {row.state === 1 ? t('trace.ok') : t('trace.failed')}
                </Tag>
              </Flex>
            </Flex>
          ),
          children: <TraceRowBody row={row} />,
        };
      })}
    />
  );
}
