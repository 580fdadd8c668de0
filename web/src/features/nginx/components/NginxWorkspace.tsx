import { PlusOutlined } from '@ant-design/icons';
import type { RouteOutput, nginxRoutes } from '@ferry/contract/client';
import { Button, Card, Col, Empty, Row } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { ErrorState } from '../../../ui/ErrorState';
import { useFeedback } from '../../../ui/useFeedback';
import type { NginxAbilities } from '../hooks/useNginxAbilities';
import { useConfigList } from '../hooks/useNginxQueries';
import { configTree, fileKey, findFile } from '../utils/configTree';
import type { NginxResult } from '../utils/NginxResult';
import { ConfigFilePanel } from './ConfigFilePanel';
import { ConfigTree } from './ConfigTree';
import { NewConfigModal } from './NewConfigModal';
import { NginxBinaryBar } from './NginxBinaryBar';
import { TestOutput } from './TestOutput';

type NginxPath = RouteOutput<typeof nginxRoutes.getNginxPath>;

interface NginxWorkspaceProps {
  serverId: number;
  nginx: NginxPath;
  can: NginxAbilities;
  /** Told whether the open file has unsaved changes, at each change. */
  onDirty?: ((dirty: boolean) => void) | undefined;
}

/** The binary bar, the test output, the configuration tree and the open file of one server. */
export function NginxWorkspace({ serverId, nginx, can, onDirty }: NginxWorkspaceProps) {
  const { t } = useTranslation(['nginx', 'common']);
  const { modal } = useFeedback();
  const list = useConfigList(serverId, nginx.path, true);
  const [selected, setSelected] = useState<string>();
  const [result, setResult] = useState<NginxResult>();
  const [adding, setAdding] = useState(false);
  const dirty = useRef(false);
  const setDirty = useCallback(
    (d: boolean) => {
      dirty.current = d;
      onDirty?.(d);
    },
    [onDirty],
  );

  const tree = useMemo(
    () => (list.data ? configTree(list.data.list, list.data.dirs, list.data.conf) : []),
    [list.data],
  );
  // A file enabled or disabled by renaming keeps its place under its other name.
  const file =
    findFile(tree, selected) ??
    findFile(tree, selected?.replace(/\.disabled$/, '')) ??
    findFile(tree, selected ? `${selected}.disabled` : undefined);

  const select = (key: string) => {
    if (file && key === fileKey(file)) return;
    if (!dirty.current) {
      setSelected(key);
      return;
    }
    modal.confirm({
      title: t('discard.title'),
      content: t('discard.content'),
      okText: t('discard.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common:action.cancel'),
      onOk: () => {
        dirty.current = false;
        setSelected(key);
      },
    });
  };

  let files;
  if (list.isError) {
    files = (
      <ErrorState
        title={t('tree.failed')}
        detail={errorText(list.error)}
        onRetry={() => void list.refetch()}
      />
    );
  } else {
    files = (
      <ConfigTree
        tree={tree}
        conf={list.data?.conf ?? ''}
        loading={list.isPending}
        selected={file ? fileKey(file) : undefined}
        onSelect={select}
      />
    );
  }

  return (
    <>
      <NginxBinaryBar serverId={serverId} nginx={nginx} can={can} onResult={setResult} />
      {result ? <TestOutput result={result} onClose={() => setResult(undefined)} /> : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={9} xl={7}>
          <Card
            size="small"
            title={t('tree.cardTitle')}
            extra={
              can.add && list.data ? (
                <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                  {t('add.button')}
                </Button>
              ) : null
            }
          >
            {files}
          </Card>
        </Col>
        <Col xs={24} lg={15} xl={17}>
          {file && list.data ? (
            <ConfigFilePanel
              key={fileKey(file)}
              serverId={serverId}
              file={file}
              conf={list.data.conf}
              can={can}
              onResult={setResult}
              onSelect={setSelected}
              onDirty={setDirty}
            />
          ) : (
            <Card size="small">
              <Empty description={t('tree.pick')} style={{ padding: '48px 0' }} />
            </Card>
          )}
        </Col>
      </Row>
      {list.data ? (
        <NewConfigModal
          open={adding}
          serverId={serverId}
          dirs={list.data.dirs}
          conf={list.data.conf}
          onClose={() => setAdding(false)}
          onAdded={(key) => {
            setAdding(false);
            setSelected(key);
          }}
        />
      ) : null}
    </>
  );
}
