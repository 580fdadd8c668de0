import { DeleteOutlined, DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { repositoryRoutes, type RepositoryEntry } from '@ferry/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call';
import { session } from '../../../auth/session';
import { FilePreviewDrawer } from '../../../ui/FilePreviewDrawer';
import { startDownload } from '../../../ui/startDownload';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { useDialog } from '../../../ui/useDialog';
import { useFeedback } from '../../../ui/useFeedback';
import { isGitPath } from '../utils/copyPath';
import type { RepositoryProject } from '../utils/RepositoryProject';
import { copyFileUrl } from '../utils/repositoryUrls';
import { CopyBrowser } from './CopyBrowser';
import { CopyDrawer } from './CopyDrawer';
import { CopyText } from './CopyText';

interface RepositoryDrawerProps {
  open: boolean;
  project: RepositoryProject | undefined;
  onClose: () => void;
}

function IconAction(props: {
  label: string;
  icon: ReactNode;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={props.label}>
      <Button
        type="text"
        size="small"
        danger={props.danger}
        aria-label={props.label}
        icon={props.icon}
        onClick={props.onClick}
      />
    </Tooltip>
  );
}

/**
 * The console's working copy of a project: open folders, preview a file (images, text; markup
 * as text), download it, delete a file or a folder (never `.git`) after naming it.
 */
export function RepositoryDrawer({ open, project, onClose }: RepositoryDrawerProps) {
  const { t } = useTranslation('repository');
  const { message } = useFeedback();
  const confirm = useConfirmAction();
  const queryClient = useQueryClient();
  const [dir, setDir] = useState('');
  const preview = useDialog<{ path: string; entry: RepositoryEntry }>();
  const projectId = project?.id ?? 0;
  const url = (kind: 'preview' | 'download', path: string) =>
    copyFileUrl(kind, projectId, path, session.identity().id);
  const download = (entry: RepositoryEntry, path: string) => {
    startDownload(url('download', path));
    void message.info(t('browser.downloading', { name: entry.name }));
  };
  const remove = (entry: RepositoryEntry, path: string) =>
    confirm({
      title: t('browser.deleteTitle', { name: entry.name }),
      content: t(entry.isDir ? 'browser.deleteDir' : 'browser.deleteFile', { path }),
      okText: t('browser.delete'),
      done: t('browser.deleted', { name: entry.name }),
      run: () =>
        call(repositoryRoutes.deleteFile, { id: projectId, file: path }).then(() =>
          queryClient.invalidateQueries({ queryKey: ['repository', 'browse', projectId] }),
        ),
    });

  const actions = (entry: RepositoryEntry, path: string) => (
    <Flex gap={2}>
      {entry.isDir ? null : (
        <>
          <IconAction
            label={t('browser.preview')}
            icon={<EyeOutlined />}
            onClick={() => preview.show({ path, entry })}
          />
          <IconAction
            label={t('browser.download')}
            icon={<DownloadOutlined />}
            onClick={() => download(entry, path)}
          />
        </>
      )}
      {isGitPath(path) ? null : (
        <IconAction
          label={t('browser.delete')}
          danger
          icon={<DeleteOutlined />}
          onClick={() => remove(entry, path)}
        />
      )}
    </Flex>
  );

  const shown = preview.value;
  return (
    <CopyDrawer
      open={open}
      onClose={onClose}
      onClosed={() => setDir('')}
      title={project ? t('browser.title', { name: project.name }) : null}
    >
      {project ? (
        <CopyBrowser
          via="browse"
          projectId={project.id}
          dir={dir}
          onDir={setDir}
          onFile={(entry, path) => preview.show({ path, entry })}
          actions={actions}
          actionsWidth={104}
        />
      ) : null}
      <FilePreviewDrawer
        open={preview.open}
        onClose={preview.close}
        file={shown}
        src={shown ? url('preview', shown.path) : ''}
        onDownload={shown ? () => download(shown.entry, shown.path) : undefined}
        text={
          shown ? (
            <CopyText
              projectId={projectId}
              path={shown.path}
              entry={shown.entry}
              failed={t('state.failed')}
              onDownload={() => download(shown.entry, shown.path)}
            />
          ) : null
        }
      />
    </CopyDrawer>
  );
}
