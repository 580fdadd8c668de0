import { BranchesOutlined } from '@ant-design/icons';
import { Flex, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { branchName, shortCommit } from '../utils/commitInfo';
import { commitTime } from '../utils/commitTime';
import type { CommitInfo } from '../utils/DeployRow';

/** The commit a review asks for: short id (the full one copied), branch, subject, author, time. */
export function ReviewCommitHeading({ commit }: { commit: CommitInfo }) {
  const { t } = useTranslation('deploy');
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={4}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text
          code
          copyable={{ text: commit.commit }}
          title={commit.commit}
          style={{ fontFamily: token.fontFamilyCode }}
        >
          {shortCommit(commit.commit)}
        </Typography.Text>
        {commit.branch ? (
          <Tag icon={<BranchesOutlined />} style={{ marginInlineEnd: 0 }}>
            {branchName(commit.branch)}
          </Tag>
        ) : null}
      </Flex>
      <Typography.Text strong style={{ wordBreak: 'break-word' }}>
        {commit.message || '—'}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('commit.byAt', { author: commit.author || '—', time: commitTime(commit.timestamp) })}
      </Typography.Text>
    </Flex>
  );
}
