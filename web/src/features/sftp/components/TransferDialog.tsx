import { SendOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, Progress, Select, Tag, theme, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useServerOptions } from '../../../api/options/useServerOptions';
import { ItemList } from '../../../ui/ItemList';
import { MonoText } from '../../../ui/MonoText';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import type { Transfer } from '../hooks/useTransfer';
import { humanSize } from '../../../ui/humanSize';
import { resolveTypedPath } from '../utils/remotePath';
import type { DestinationProgress, TransferProgress } from '../utils/transferProgress';

export interface TransferSource {
  serverId: number;
  serverName: string;
  /** The directory the entries are in; the destination directory starts as the same path. */
  dir: string;
  entries: readonly { name: string; path: string; isDir: boolean }[];
}

interface TransferDialogProps {
  open: boolean;
  source: TransferSource | undefined;
  transfer: Transfer;
  onClose: () => void;
}

interface TransferForm {
  destinations: number[];
  destDir: string;
}

const STATE_COLOR: Record<DestinationProgress['state'], string> = {
  waiting: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

function DestinationRow({ d, t }: { d: DestinationProgress; t: TFunction<'sftp'> }) {
  const percent = d.total > 0 ? Math.min(100, Math.floor((d.bytes * 100) / d.total)) : 0;
  const amount =
    d.total > 0
      ? t('transfer.bytesOf', { bytes: humanSize(d.bytes), total: humanSize(d.total) })
      : d.bytes > 0
        ? humanSize(d.bytes)
        : d.state === 'running'
          ? t('transfer.preparing')
          : '';
  return (
    <Flex vertical gap={4} style={{ width: '100%' }}>
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text strong>{d.serverName}</Typography.Text>
        <Tag color={STATE_COLOR[d.state]}>{t(`transfer.state.${d.state}`)}</Tag>
      </Flex>
      <Progress
        percent={d.state === 'done' ? 100 : percent}
        status={d.state === 'failed' ? 'exception' : d.state === 'done' ? 'success' : 'active'}
        showInfo={false}
        size="small"
      />
      {amount ? <Typography.Text type="secondary">{amount}</Typography.Text> : null}
      {d.error ? (
        <Typography.Text type="danger" style={{ wordBreak: 'break-word' }}>
          {d.error}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

function TransferBlock({ transfer, t }: { transfer: TransferProgress; t: TFunction<'sftp'> }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        padding: 12,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
      }}
    >
      <Flex gap={8} align="center" style={{ marginBottom: 4 }}>
        <MonoText style={{ wordBreak: 'break-all' }}>{transfer.source}</MonoText>
        {transfer.isDir ? <Tag>{t('transfer.directory')}</Tag> : null}
      </Flex>
      <ItemList
        size="small"
        items={transfer.destinations}
        itemKey={(d) => d.serverId}
        itemLabel={(d) => t('transfer.destinationLabel', { name: d.serverName })}
        renderItem={(d) => <DestinationRow d={d} t={t} />}
      />
    </div>
  );
}

/** How many destinations succeeded and failed over the whole run. */
function tally(transfers: readonly TransferProgress[]) {
  const all = transfers.flatMap((x) => x.destinations);
  return {
    done: all.filter((d) => d.state === 'done').length,
    failed: all.filter((d) => d.state === 'failed').length,
    total: all.length,
  };
}

/**
 * Sends the picked entries to directories of other servers: pick the destinations (the usable
 * servers but the source) and the directory, then follow each destination's progress and final
 * word. A failed destination is shown beside the others' success, never instead. Hiding the
 * dialog lets the transfer go on; the tab says how it ended.
 */
export function TransferDialog({ open, source, transfer, onClose }: TransferDialogProps) {
  const { t } = useTranslation('sftp');
  const { t: tCommon } = useTranslation('common');
  const { token } = theme.useToken();
  const [form] = Form.useForm<TransferForm>();
  const servers = useServerOptions();
  const others = (servers.data ?? []).filter((s) => s.id !== source?.serverId);
  const started = transfer.transfers.length > 0;
  const finished = started && !transfer.running;
  const count = tally(transfer.transfers);

  const start = ({ destinations, destDir }: TransferForm) => {
    if (!source) return;
    const resolved = resolveTypedPath(destDir, '/');
    if (!('path' in resolved)) return;
    void transfer.start({
      sources: source.entries.map((e) => ({ path: e.path, isDir: e.isDir })),
      destinations: others
        .filter((s) => destinations.includes(s.id))
        .map((s) => ({ id: s.id, name: s.name })),
      destDir: resolved.path || '/',
    });
  };

  const footer = !started ? (
    <Flex justify="flex-end" gap={8}>
      <Button onClick={onClose}>{tCommon('action.cancel')}</Button>
      <Button type="primary" icon={<SendOutlined />} onClick={() => form.submit()}>
        {t('transfer.start')}
      </Button>
    </Flex>
  ) : (
    <Flex justify="flex-end" gap={8}>
      <Button type={finished ? 'primary' : 'default'} onClick={onClose}>
        {finished ? t('transfer.close') : t('transfer.hide')}
      </Button>
    </Flex>
  );

  return (
    <ResponsiveModal
      open={open}
      width={720}
      title={
        source
          ? t('transfer.title', {
              count: source.entries.length,
              name: source.entries[0]?.name ?? '',
              server: source.serverName,
            })
          : ''
      }
      onCancel={onClose}
      mask={{ closable: !transfer.running }}
      footer={footer}
    >
      {!started ? (
        <Form<TransferForm>
          form={form}
          layout="vertical"
          onFinish={start}
          initialValues={{ destinations: [], destDir: source?.dir ?? '/' }}
        >
          <Form.Item
            name="destinations"
            label={t('transfer.destinations')}
            rules={[{ required: true, type: 'array', min: 1, message: t('transfer.pickOne') }]}
          >
            <Select<number[]>
              mode="multiple"
              allowClear
              loading={servers.isPending}
              placeholder={t('transfer.destinationsPlaceholder')}
              showSearch={{ optionFilterProp: 'label' }}
              options={others.map((s) => ({ value: s.id, label: `${s.name} (${s.ip})` }))}
              notFoundContent={servers.isPending ? undefined : t('transfer.noOther')}
            />
          </Form.Item>
          <Form.Item
            name="destDir"
            label={t('transfer.destDir')}
            extra={t('transfer.destDirHelp')}
            rules={[
              {
                validator: (_, v: string | undefined) => {
                  const text = (v ?? '').trim();
                  if (!text.startsWith('/')) {
                    return Promise.reject(new Error(t('transfer.absolute')));
                  }
                  return 'problem' in resolveTypedPath(text, '/')
                    ? Promise.reject(new Error(t('path.nul')))
                    : Promise.resolve();
                },
              },
            ]}
          >
            <Input spellCheck={false} style={{ fontFamily: token.fontFamilyCode }} />
          </Form.Item>
        </Form>
      ) : (
        <Flex vertical gap={12}>
          {finished ? (
            <Alert
              type={count.failed === 0 ? 'success' : count.done === 0 ? 'error' : 'warning'}
              showIcon
              title={t('transfer.summary', { done: count.done, total: count.total })}
            />
          ) : null}
          {transfer.transfers.map((x) => (
            <TransferBlock key={x.transferId} transfer={x} t={t} />
          ))}
        </Flex>
      )}
    </ResponsiveModal>
  );
}
