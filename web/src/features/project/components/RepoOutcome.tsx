import { Alert, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { FingerprintText } from '../../../ui/FingerprintText';

interface RepoOutcomeProps {
  pending: boolean;
  hostKey?: string;
  /** Whether a test answered (a success may come without a host key: https, file). */
  done: boolean;
  error?: unknown;
}

/**
 * What a repository test found: a spinner while git runs, success with the host key seen, or why
 * it failed in the user's language with git's own words below.
 */
export function RepoOutcome({ pending, hostKey, done, error }: RepoOutcomeProps) {
  const { t } = useTranslation('project');
  if (pending) {
    return (
      <Flex align="center" gap={12} role="status">
        <Spin />
        <Typography.Text type="secondary">{t('repo.testing')}</Typography.Text>
      </Flex>
    );
  }
  if (error) {
    const title = errorText(error);
    const detail = error instanceof ApiError && error.message !== title ? error.message : undefined;
    return <Alert type="error" showIcon title={title} description={detail} role="alert" />;
  }
  if (!done) return null;
  return (
    <Alert
      type="success"
      showIcon
      title={t('repo.testOk')}
      description={
        hostKey ? (
          <Flex gap={8} align="center" wrap>
            <Typography.Text type="secondary">{t('repo.hostKey')}</Typography.Text>
            <FingerprintText fingerprint={hostKey} />
          </Flex>
        ) : undefined
      }
    />
  );
}
