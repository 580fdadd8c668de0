import { HistoryOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { ErrorState } from '../../../ui/ErrorState';
import type { NginxAbilities } from '../hooks/useNginxAbilities';
import { useConfigContent } from '../hooks/useNginxQueries';
import { useSaveConfig } from '../hooks/useSaveConfig';
import { fileKey, fileLabel, type ConfigFile } from '../utils/configTree';
import type { NginxResult } from '../utils/NginxResult';
import { FileMenu } from './FileMenu';
import { HistoryDrawer } from './HistoryDrawer';
import { LazyNginxEditor } from './LazyNginxEditor';
import { LinkTag } from './LinkTag';

interface ConfigFilePanelProps {
  serverId: number;
  file: ConfigFile;
  /** The main configuration file, which the title names the file relative to. */
  conf: string;
  can: NginxAbilities;
  onResult: (result: NginxResult | undefined) => void;
  /** Opens another file (a copy, a new name) or none (deleted). */
  onSelect: (key: string | undefined) => void;
  /** Whether the text differs from the file's, told to the page at each change. */
  onDirty: (dirty: boolean) => void;
}

const EDITOR_HEIGHT = 'max(320px, calc(100dvh - 430px))';

/** The open file: its text in the editor, the unsaved mark, save, history and the file menu. */
export function ConfigFilePanel(props: ConfigFilePanelProps) {
  const { serverId, file, conf, can, onResult, onSelect, onDirty } = props;
  const { t } = useTranslation('nginx');
  const content = useConfigContent(serverId, file.dir, file.name, !file.linkOut);
  const [draft, setDraft] = useState<string>();
  const [history, setHistory] = useState(false);
  const saver = useSaveConfig(serverId, file, onResult);
  const text = draft ?? content.data?.content ?? '';
  const dirty = draft !== undefined && content.data !== undefined && draft !== content.data.content;
  // A file shown with changes (not UTF-8, or a secret masked) is viewed, never saved from here;
  // a link out of the configuration is not even read.
  const editable = can.edit && !file.linkOut && content.data?.exact !== false;

  useEffect(() => {
    onDirty(dirty);
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, onDirty]);

  const save = (hash = content.data?.hash) => {
    if (!editable || !dirty || saver.saving) return;
    saver.save(text, hash, () => setDraft(undefined));
  };
  const reloadFromServer = () => {
    setDraft(undefined);
    saver.clearChanged();
    void content.refetch();
  };

  let body;
  if (file.linkOut) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('link.outTitle')}
        description={t('link.outDetail', { file: fileKey(file), target: file.link })}
      />
    );
  } else if (content.isPending) body = <Skeleton active paragraph={{ rows: 10 }} title={false} />;
  else if (content.isError) {
    body = (
      <ErrorState
        title={t('file.failed')}
        detail={errorText(content.error)}
        onRetry={() => void content.refetch()}
      />
    );
  } else {
    body = (
      <>
        {content.data.exact ? null : (
          <Alert type="warning" showIcon title={t('file.inexact')} style={{ marginBottom: 8 }} />
        )}
        <LazyNginxEditor
          value={text}
          onChange={setDraft}
          readOnly={!editable}
          label={t('file.editorLabel', { name: file.name })}
          height={EDITOR_HEIGHT}
          onSave={() => save()}
          mark={saver.mark}
        />
      </>
    );
  }

  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center" style={{ minWidth: 0 }}>
          <Typography.Text ellipsis={{ tooltip: fileKey(file) }} style={{ minWidth: 0 }}>
            {fileLabel(file, conf)}
          </Typography.Text>
          <LinkTag file={file} />
          {dirty ? <Tag color="warning">{t('file.unsaved')}</Tag> : null}
          {file.enabled ? null : <Tag>{t('tree.disabled')}</Tag>}
        </Flex>
      }
      extra={
        <Flex gap={8}>
          <Tooltip title={t('history.button')}>
            <Button
              icon={<HistoryOutlined />}
              aria-label={t('history.button')}
              onClick={() => setHistory(true)}
            />
          </Tooltip>
          {file.linkOut ? null : (
            <FileMenu
              serverId={serverId}
              file={file}
              can={can}
              onSelect={onSelect}
              onResult={onResult}
            />
          )}
          {editable ? (
            <Button
              type="primary"
              icon={<SaveOutlined />}
              disabled={!dirty || content.isFetching}
              loading={saver.saving}
              onClick={() => save()}
            >
              {t('save.button')}
            </Button>
          ) : null}
        </Flex>
      }
    >
      {saver.changed ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('changed.title')}
          description={t('changed.detail')}
          action={
            <Flex vertical gap={4}>
              <Button size="small" onClick={reloadFromServer}>
                {t('changed.reload')}
              </Button>
              <Button size="small" danger onClick={() => save('')}>
                {t('changed.overwrite')}
              </Button>
            </Flex>
          }
        />
      ) : null}
      {body}
      <HistoryDrawer
        open={history}
        serverId={serverId}
        file={file}
        current={text}
        canRestore={can.edit}
        onClose={() => setHistory(false)}
        onRestored={() => setDraft(undefined)}
      />
    </Card>
  );
}
