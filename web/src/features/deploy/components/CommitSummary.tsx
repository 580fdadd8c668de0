import { BranchesOutlined, TagOutlined } from '@ant-design/icons';
import { Flex, Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Text } from '../../../ui/Text';
import { branchName, shortCommit } from '../utils/commitInfo';
import type { CommitInfo } from '../utils/DeployRow';

/** The commit of a deploy in one or two lines: short id, message, branch and tag. */
export function CommitSummary({ commit }: { commit: CommitInfo }) {
  const { t } = useTranslation('deploy');
  const { token } = theme.useToken();
  if (!commit.commit) {
    return <Text secondary>{t('card.noCommit')}</Text>;
  }
  return (
    <Flex gap={6} align="center" wrap style={{ minWidth: 0 }}>
      <Text
        code
        title={commit.commit}
        style={{ fontFamily: token.fontFamilyCode, whiteSpace: 'nowrap' }}
      >
        {shortCommit(commit.commit)}
      </Text>
      {commit.branch ? (
        <Tag icon={<BranchesOutlined />} style={{ marginInlineEnd: 0 }}>
          {branchName(commit.branch)}
        </Tag>
      ) : null}
      {commit.tag ? (
        <Tag icon={<TagOutlined />} color="purple" style={{ marginInlineEnd: 0 }}>
          {commit.tag}
        </Tag>
      ) : null}
      <Text ellipsis={{ tooltip: commit.message }} style={{ flex: '1 1 120px', minWidth: 0 }}>
        {commit.message}
      </Text>
    </Flex>
  );
}
