import { FileAddOutlined, LockOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListBody } from '../../../ui/ListBody';
import { queryListProps } from '../../../ui/queryListProps';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { useDialog } from '../../../ui/useDialog';
import { ResponsiveDrawer } from '../../../ui/ResponsiveDrawer';
import { useProjectFileMutations, useProjectFiles } from '../hooks/useProjectFiles';
import type { DeployRow } from '../utils/DeployRow';
import { ProjectFileEditor } from './ProjectFileEditor';
import { ProjectFileTable, type ProjectFileRow } from './ProjectFileTable';
import { ProjectFileUpload } from './ProjectFileUpload';

interface ProjectFilesDrawerProps {
  open: boolean;
  project?: Pick<DeployRow, 'id' | 'name'>;
  onClose: () => void;
}

/**
 * A project's files (goploy's file sync): text or binary files kept with the project, sealed at
 * rest, and written over the working copy before every deploy's build; config and secrets that
 * are not in git.
 */
export function ProjectFilesDrawer({ open, project, onClose }: ProjectFilesDrawerProps) {
  const { t } = useTranslation('projectTools');
  const projectId = open && project ? project.id : 0;
  const files = useProjectFiles(projectId);
  const { remove } = useProjectFileMutations(projectId);
  const editor = useDialog<ProjectFileRow>();
  /** Uploads a new file, or a new version of a stored one (a binary file's only edit). */
  const uploader = useDialog<ProjectFileRow>();
  const confirm = useConfirmAction();

  return (
    <ResponsiveDrawer
      open={open}
      onClose={onClose}
      width={860}
      title={project ? t('file.title', { name: project.name }) : ''}
    >
      {project ? (
        <Flex vertical gap={12}>
          <Alert
            type="info"
            showIcon
            icon={<LockOutlined />}
            title={t('file.about')}
            description={t('file.aboutMore')}
          />
          <Flex gap={8} wrap>
            <Button
              type="primary"
              icon={<FileAddOutlined />}
              onClick={() => editor.show(undefined)}
            >
              {t('file.add')}
            </Button>
            <Button icon={<UploadOutlined />} onClick={() => uploader.show(undefined)}>
              {t('file.upload')}
            </Button>
          </Flex>
          <ListBody {...queryListProps(files, t('file.listFailed'))}>
            <ProjectFileTable
              rows={files.data ?? []}
              loading={files.isPending}
              onEdit={(r) => editor.show(r)}
              onReplace={(r) => uploader.show(r)}
              onRemove={(r) =>
                confirm({
                  title: t('file.removeTitle', { path: r.filename }),
                  content: t('file.removeContent'),
                  okText: t('remove'),
                  run: () => remove.mutateAsync(r.id),
                  done: t('removed'),
                })
              }
            />
          </ListBody>
          <ProjectFileEditor
            open={editor.open}
            projectId={project.id}
            file={editor.value}
            onClose={editor.close}
          />
          <ProjectFileUpload
            open={uploader.open}
            projectId={project.id}
            file={uploader.value}
            onClose={uploader.close}
          />
        </Flex>
      ) : null}
    </ResponsiveDrawer>
  );
}
