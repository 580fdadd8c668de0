import { Descriptions, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { branchName } from '../utils/commitInfo';
import { commitTime } from '../utils/commitTime';
import type { CommitInfo } from '../utils/DeployRow';

/** A commit in full: id (copyable), author, time, message, branch and tag. */
export function CommitDetails({ commit }: { commit: CommitInfo }) {
  const { t } = useTranslation('deploy');
  const { token } = theme.useToken();
  const items = [
    {
      key: 'commit',
      label: t('commit.id'),
      children: (
        <Typography.Text
          copyable
          style={{ fontFamily: token.fontFamilyCode, wordBreak: 'break-all' }}
        >
          {commit.commit}
        </Typography.Text>
      ),
    },
    { key: 'author', label: t('commit.author'), children: commit.author || '—' },
    { key: 'time', label: t('commit.time'), children: commitTime(commit.timestamp) || '—' },
    {
      key: 'message',
      label: t('commit.message'),
      children: <span style={{ whiteSpace: 'pre-wrap' }}>{commit.message || '—'}</span>,
    },
  ];
  if (commit.branch) {
    items.push({ key: 'branch', label: t('commit.branch'), children: branchName(commit.branch) });
  }
  if (commit.tag) {
    items.push({
      key: 'tag',
      label: t('commit.tag'),
      children: <Tag color="purple">{commit.tag}</Tag>,
    });
  }
  return <Descriptions size="small" column={1} bordered items={items} />;
}
