import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../ui/ErrorState';
import { ResponsiveDrawer } from '../../../ui/ResponsiveDrawer';
import { useProjectFileContent } from '../hooks/useProjectFiles';
import { ProjectFileForm } from './ProjectFileForm';
import type { ProjectFileRow } from './ProjectFileTable';

interface ProjectFileEditorProps {
  open: boolean;
  projectId: number;
  /** The file to edit (its text is loaded first); a new file without it. */
  file?: ProjectFileRow;
  onClose: () => void;
}

/** A new project file, or a stored one once its text has arrived, in the code editor. */
export function ProjectFileEditor({ open, projectId, file, onClose }: ProjectFileEditorProps) {
  const { t } = useTranslation('projectTools');
  const content = useProjectFileContent(open && file ? file.id : 0);

  let body;
  if (!file) body = <ProjectFileForm projectId={projectId} initialText="" onDone={onClose} />;
  else if (content.isError) {
    body = <ErrorState title={t('file.loadFailed')} onRetry={() => void content.refetch()} />;
  } else if (content.data === undefined) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else {
    body = (
      <ProjectFileForm
        projectId={projectId}
        file={file}
        initialText={content.data}
        onDone={onClose}
      />
    );
  }

  return (
    <ResponsiveDrawer
      open={open}
      onClose={onClose}
      width={760}
      title={file ? t('file.editTitle', { path: file.filename }) : t('file.addTitle')}
    >
      {open ? body : null}
    </ResponsiveDrawer>
  );
}
