import { RocketOutlined, TagOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, theme, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortCommit } from '../utils/commitInfo';
import { commitTime } from '../utils/commitTime';
import type { CommitInfo } from '../utils/DeployRow';

interface CommitItemProps {
  commit: CommitInfo;
  /** The label of the deploy button ("Deploy this commit", "Deploy this tag"). */
  deployLabel: string;
  /** The servers run this commit now. */
  deployed?: boolean;
  onDeploy: (commit: CommitInfo) => void;
}

/** The heading of a commit: short id, tag and message; below, author and time. */
function CommitHeading({ commit, deployed }: { commit: CommitInfo; deployed: boolean }) {
  const { t } = useTranslation('deploy');
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={2} style={{ minWidth: 0, flex: '1 1 260px' }}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text code title={commit.commit} style={{ fontFamily: token.fontFamilyCode }}>
          {shortCommit(commit.commit)}
        </Typography.Text>
        {commit.tag ? (
          <Tag icon={<TagOutlined />} color="purple" style={{ marginInlineEnd: 0 }}>
            {commit.tag}
          </Tag>
        ) : null}
        {deployed ? (
          <Tag color="green" variant="solid" style={{ marginInlineEnd: 0 }}>
            {t('commit.deployed')}
          </Tag>
        ) : null}
        <Typography.Text strong style={{ wordBreak: 'break-word' }}>
          {commit.message}
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary">
        {t('commit.byAt', { author: commit.author || '—', time: commitTime(commit.timestamp) })}
      </Typography.Text>
    </Flex>
  );
}

/** One commit of a picker: id, message, author and time, its changed files on demand. */
export function CommitItem({ commit, deployLabel, deployed = false, onDeploy }: CommitItemProps) {
  const { t } = useTranslation('deploy');
  const { token } = theme.useToken();
  const [showDiff, setShowDiff] = useState(false);
  return (
    <li
      aria-label={shortCommit(commit.commit)}
      style={{
        listStyle: 'none',
        padding: '10px 0',
        borderBottom: `1px solid ${token.colorSplit}`,
      }}
    >
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <CommitHeading commit={commit} deployed={deployed} />
        <Flex gap={8}>
          {commit.diff ? (
            <Button size="small" aria-expanded={showDiff} onClick={() => setShowDiff((s) => !s)}>
              {showDiff ? t('commit.hideFiles') : t('commit.showFiles')}
            </Button>
          ) : null}
          <Button
            size="small"
            icon={<RocketOutlined aria-hidden />}
            onClick={() => onDeploy(commit)}
          >
            {deployLabel}
          </Button>
        </Flex>
      </Flex>
      {showDiff ? (
        <pre
          style={{
            margin: '8px 0 0',
            padding: 8,
            maxHeight: 240,
            overflow: 'auto',
            fontFamily: token.fontFamilyCode,
            fontSize: token.fontSizeSM,
            background: token.colorFillQuaternary,
            borderRadius: token.borderRadius,
          }}
        >
          {commit.diff}
        </pre>
      ) : null}
    </li>
  );
}
