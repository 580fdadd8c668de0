import { NginxReason, type NginxVersionRow } from '@ferry/contract/client';
import { Alert, Button, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { ErrorState } from '../../../ui/ErrorState';
import { humanSize } from '../../../ui/humanSize';
import { ResponsiveDrawer } from '../../../ui/ResponsiveDrawer';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { useRestoreConfig } from '../hooks/useNginxActions';
import { useConfigHistory } from '../hooks/useNginxQueries';
import type { ConfigFile } from '../utils/configTree';
import { readTestFailure } from '../utils/testFailure';
import { VersionDiff } from './VersionDiff';

interface HistoryDrawerProps {
  open: boolean;
  serverId: number;
  file: ConfigFile;
  /** The editor's text, which a version is compared against. */
  current: string;
  canRestore: boolean;
  onClose: () => void;
  /** A version was saved back: the editor drops its draft and shows the file. */
  onRestored: () => void;
}

const ACTION_COLORS: Record<NginxVersionRow['action'], string> = {
  original: 'default',
  edit: 'blue',
  add: 'green',
  copy: 'cyan',
  rename: 'purple',
  delete: 'red',
  restore: 'gold',
  toggle: 'geekblue',
};

/** The stored versions of the file: who saved each and when, a diff against the editor, restore. */
export function HistoryDrawer(props: HistoryDrawerProps) {
  const { open, serverId, file, current, canRestore, onClose, onRestored } = props;
  const { t } = useTranslation('nginx');
  const history = useConfigHistory(serverId, file.dir, file.name, open);
  const restore = useRestoreConfig(serverId);
  const confirm = useConfirmAction();
  const [compared, setCompared] = useState<number>();
  const [refusal, setRefusal] = useState<string>();

  const askRestore = (v: NginxVersionRow) =>
    confirm({
      title: t('history.restoreTitle'),
      content: t('history.restoreContent', { time: v.insertTime, name: file.name }),
      okText: t('history.restore'),
      done: t('history.restored'),
      run: () =>
        restore.mutateAsync({ id: v.id }).then(
          () => {
            setRefusal(undefined);
            onRestored();
          },
          (e: unknown) => {
            if (e instanceof ApiError) {
              const failure = readTestFailure(e.data);
              setRefusal(e.reason === NginxReason.testFailed ? failure.output : errorText(e));
            }
            throw e;
          },
        ),
    });

  return (
    <ResponsiveDrawer
      open={open}
      width={960}
      title={t('history.title', { name: file.name })}
      onClose={onClose}
    >
      {refusal !== undefined ? (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setRefusal(undefined) }}
          style={{ marginBottom: 12 }}
          title={t('history.refused')}
          description={<pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{refusal}</pre>}
        />
      ) : null}
      {history.isError ? (
        <ErrorState
          title={t('history.failed')}
          detail={errorText(history.error)}
          onRetry={() => void history.refetch()}
        />
      ) : (
        <Table<NginxVersionRow>
          size="small"
          rowKey="id"
          loading={history.isPending}
          dataSource={history.data?.list ?? []}
          pagination={false}
          scroll={{ y: 260 }}
          locale={{ emptyText: t('history.empty') }}
          columns={[
            {
              key: 'action',
              title: t('history.action'),
              width: 100,
              render: (_, v) => (
                <Tag color={ACTION_COLORS[v.action]}>{t(`action.${v.action}`)}</Tag>
              ),
            },
            {
              key: 'who',
              title: t('history.who'),
              render: (_, v) => (
                <Flex vertical>
                  <Typography.Text>{v.creator || '—'}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {v.insertTime}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              key: 'size',
              title: t('history.size'),
              width: 90,
              render: (_, v) => humanSize(v.size),
            },
            {
              key: 'do',
              title: t('history.actions'),
              width: 180,
              render: (_, v) => (
                <Flex gap={4} wrap>
                  <Button
                    size="small"
                    type="link"
                    disabled={v.id === compared}
                    onClick={() => setCompared(v.id)}
                  >
                    {v.id === compared ? t('history.compared') : t('history.compare')}
                  </Button>
                  {canRestore ? (
                    <Button size="small" type="link" onClick={() => askRestore(v)}>
                      {t('history.restore')}
                    </Button>
                  ) : null}
                </Flex>
              ),
            },
          ]}
        />
      )}
      {compared !== undefined ? (
        <VersionDiff serverId={serverId} id={compared} current={current} />
      ) : null}
    </ResponsiveDrawer>
  );
}
