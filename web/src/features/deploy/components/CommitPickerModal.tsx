import { BranchesOutlined } from '@ant-design/icons';
import { Flex, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useBranches } from '../hooks/useBranches';
import { useCommits } from '../hooks/useCommits';
import { commitInfoOf } from '../utils/commitInfo';
import type { DeployRow } from '../utils/DeployRow';
import type { PublishTarget } from '../utils/PublishTarget';
import { CommitList } from './CommitList';

interface CommitPickerModalProps {
  open: boolean;
  project?: DeployRow;
  onClose: () => void;
  onPick: (target: PublishTarget) => void;
}

/** The project's own branch when the remote has it, else the newest branch. */
function defaultBranch(list: readonly string[] | undefined, own: string): string | undefined {
  const mine = `origin/${own}`;
  return list?.includes(mine) ? mine : list?.[0];
}

/** A branch, then one of its last 50 commits to deploy (goploy's "commit list"). */
export function CommitPickerModal({ open, project, onClose, onPick }: CommitPickerModalProps) {
  const { t } = useTranslation(['deploy', 'common']);
  const [picked, setPicked] = useState<string>();
  const id = project?.id ?? 0;
  const branches = useBranches(id, open && id > 0);
  const branch = picked ?? defaultBranch(branches.data, project?.branch ?? '');
  const commits = useCommits(id, open ? branch : undefined);
  if (!project) return null;
  return (
    <ResponsiveModal
      open={open}
      title={t('deploy:picker.commitsTitle', { name: project.name })}
      footer={null}
      onCancel={onClose}
      afterClose={() => setPicked(undefined)}
      width={760}
    >
      <Flex vertical gap={12}>
        <Flex gap={8} align="center" wrap>
          <Typography.Text>
            <BranchesOutlined aria-hidden /> {t('deploy:picker.branch')}
          </Typography.Text>
          <Select
            showSearch
            value={branch}
            onChange={setPicked}
            loading={branches.isFetching}
            options={(branches.data ?? []).map((b) => ({ value: b, label: b }))}
            aria-label={t('deploy:picker.branch')}
            style={{ minWidth: 240, flex: '1 1 240px', maxWidth: 420 }}
          />
        </Flex>
        {branches.isError ? (
          <Typography.Text type="danger">{errorText(branches.error)}</Typography.Text>
        ) : null}
        <CommitList
          query={commits}
          deployedCommit={commitInfoOf(project.publishExt).commit}
          emptyText={t('deploy:picker.noCommits')}
          deployLabel={t('deploy:picker.deployCommit')}
          onDeploy={(info) => onPick({ commit: info.commit, branch: branch ?? '', info })}
        />
      </Flex>
    </ResponsiveModal>
  );
}
