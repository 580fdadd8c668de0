import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useTags } from '../hooks/useTags';
import { commitInfoOf } from '../utils/commitInfo';
import type { DeployRow } from '../utils/DeployRow';
import type { PublishTarget } from '../utils/PublishTarget';
import { CommitList } from './CommitList';

interface TagPickerModalProps {
  open: boolean;
  project?: DeployRow;
  onClose: () => void;
  onPick: (target: PublishTarget) => void;
}

/** One of the 50 newest tags to deploy: its commit, on no branch. */
export function TagPickerModal({ open, project, onClose, onPick }: TagPickerModalProps) {
  const { t } = useTranslation('deploy');
  const tags = useTags(project?.id ?? 0, open && project !== undefined);
  if (!project) return null;
  return (
    <ResponsiveModal
      open={open}
      title={t('picker.tagsTitle', { name: project.name })}
      footer={null}
      onCancel={onClose}
      width={760}
    >
      <CommitList
        query={tags}
        deployedCommit={commitInfoOf(project.publishExt).commit}
        emptyText={t('picker.noTags')}
        deployLabel={t('picker.deployTag')}
        onDeploy={(info) => onPick({ commit: info.commit, branch: '', info })}
      />
    </ResponsiveModal>
  );
}
