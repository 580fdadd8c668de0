import type { RouteOutput, webhookRoutes } from '@ferry/contract/client';
import { Alert, Drawer, Flex, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dash } from '../../../ui/Dash';
import { ListBody } from '../../../ui/ListBody';
import { MonoText } from '../../../ui/MonoText';
import { PagedTable } from '../../../ui/PagedTable';
import { useBrowserPagination, type PageState } from '../../../ui/useBrowserPagination';
import { useIsMobile } from '../../../ui/useIsMobile';
import { useWebhookDeliveries } from '../hooks/useWebhook';

type DeliveryList = RouteOutput<typeof webhookRoutes.getWebhookDeliveryList>;
type DeliveryRow = DeliveryList['list'][number];

interface WebhookDeliveryDrawerProps {
  projectId: number;
  projectName: string;
  open: boolean;
  onClose: () => void;
}

/** Every call of the project's webhook: when, from where, which push, and what came of it. */
export function WebhookDeliveryDrawer(props: WebhookDeliveryDrawerProps) {
  const { projectId, projectName, open, onClose } = props;
  const { t } = useTranslation('webhook');
  const mobile = useIsMobile();
  const [page, setPage] = useState<PageState>({ current: 1, pageSize: 20 });
  const query = useWebhookDeliveries(projectId, page.current, page.pageSize, open);
  const pagination = {
    ...useBrowserPagination(page, setPage),
    total: query.data?.pagination.total ?? 0,
  };
  const reload = () => void query.refetch();
  const columns: TableColumnsType<DeliveryRow> = [
    {
      // When and from where in one cell: the drawer's width goes to why and what.
      key: 'time',
      title: t('log.time'),
      render: (_, row) => (
        <Flex vertical>
          <span style={{ whiteSpace: 'nowrap' }}>{row.insertTime}</span>
          <Tooltip title={row.deliveryId}>
            <Typography.Text type="secondary">
              {t(`providerName.${row.provider}`)} {row.event ? `· ${row.event}` : ''}
            </Typography.Text>
          </Tooltip>
        </Flex>
      ),
    },
    {
      key: 'outcome',
      title: t('log.outcome'),
      render: (_, row) => <OutcomeTag row={row} />,
    },
    {
      key: 'branch',
      title: t('log.branch'),
      render: (_, row) =>
        row.branch ? (
          <MonoText>
            {row.branch}
            {row.commitId ? ` @ ${row.commitId.slice(0, 7)}` : ''}
          </MonoText>
        ) : (
          <Dash />
        ),
    },
    {
      key: 'token',
      title: t('log.deploy'),
      dataIndex: 'token',
      render: (token: string) => (token ? <MonoText>{token.slice(0, 8)}</MonoText> : <Dash />),
    },
  ];
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={mobile ? '100%' : 720}
      title={t('log.title', { name: projectName })}
    >
      <UnsignedCalls unsigned={query.data?.unsigned} />
      <ListBody
        reloading={query.isFetching}
        onReload={reload}
        error={
          query.isError
            ? { title: t('log.loadFailed'), error: query.error, onRetry: reload }
            : undefined
        }
      >
        <PagedTable<DeliveryRow>
          rows={query.data?.list ?? []}
          loading={query.isFetching}
          pagination={pagination}
          columns={columns}
          emptyText={t('log.empty')}
          cardKeys={['time', 'outcome', 'branch', 'token']}
        />
      </ListBody>
    </Drawer>
  );
}

function OutcomeTag({ row }: { row: DeliveryRow }) {
  const { t } = useTranslation('webhook');
  if (row.accepted) {
    return (
      <Tag color="success" style={{ marginInlineEnd: 0 }}>
        {t('log.accepted')}
      </Tag>
    );
  }
  const ignored = row.reason === 'not_push_event';
  const why = t(`reason.${row.reason}`, { defaultValue: row.reason });
  // Why it was refused is the point of the log: said in the row, not only on hover.
  return (
    <Flex vertical gap={2} align="flex-start" style={{ maxWidth: 220 }}>
      <Tag color={ignored ? undefined : 'error'} style={{ marginInlineEnd: 0 }}>
        {ignored ? t('log.ignored') : t('log.refused')}
      </Tag>
      <Typography.Text type="secondary" ellipsis={{ tooltip: why }} style={{ maxWidth: 220 }}>
        {why}
      </Typography.Text>
    </Flex>
  );
}

/**
 * Calls without a valid signature are counted, and only the newest few listed: how many came,
 * and when the last one did, so a flood shows without pushing the deliveries out of the log.
 */
function UnsignedCalls({ unsigned }: { unsigned: DeliveryList['unsigned'] | undefined }) {
  const { t } = useTranslation('webhook');
  if (!unsigned || unsigned.count === 0) return null;
  return (
    <Alert
      role="status"
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      title={t('log.unsigned', { count: unsigned.count, time: unsigned.lastTime })}
      description={t('log.unsignedHelp')}
    />
  );
}
