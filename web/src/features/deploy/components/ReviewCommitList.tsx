import { Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { shortCommit } from '../utils/commitInfo';
import { commitTime } from '../utils/commitTime';
import type { CommitInfo } from '../utils/DeployRow';

interface ReviewCommitListProps {
  commits: readonly CommitInfo[];
  /** The list's accessible name. */
  label: string;
}

/** Commits, newest first: short id and subject; below, author and time. */
export function ReviewCommitList({ commits, label }: ReviewCommitListProps) {
  const { t } = useTranslation('deploy');
  const { token } = theme.useToken();
  return (
    <ul aria-label={label} style={{ margin: 0, padding: 0 }}>
      {commits.map((c) => (
        <li
          key={c.commit}
          aria-label={shortCommit(c.commit)}
          style={{
            listStyle: 'none',
            padding: '6px 0',
            borderBottom: `1px solid ${token.colorSplit}`,
          }}
        >
          <Flex gap={8} align="baseline" wrap>
            <Typography.Text code title={c.commit} style={{ fontFamily: token.fontFamilyCode }}>
              {shortCommit(c.commit)}
            </Typography.Text>
            <Typography.Text style={{ wordBreak: 'break-word', flex: '1 1 200px', minWidth: 0 }}>
              {c.message}
            </Typography.Text>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {t('commit.byAt', { author: c.author || '—', time: commitTime(c.timestamp) })}
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}
