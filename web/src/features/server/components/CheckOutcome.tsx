import { Alert, Descriptions, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { Dash } from '../../../ui/Dash';
import type { CheckResult } from '../utils/ServerRow';
import { FingerprintText } from '../../../ui/FingerprintText';
import { OsInfoText } from './OsInfoText';

interface CheckOutcomeProps {
  pending: boolean;
  result?: CheckResult;
  error?: unknown;
}

/**
 * What a connection test found: a spinner while it runs (it may take seconds), the latency, the
 * system and the host keys seen, or why it failed in the user's language with the server's words.
 */
export function CheckOutcome({ pending, result, error }: CheckOutcomeProps) {
  const { t } = useTranslation('server');
  if (pending) {
    return (
      <Flex align="center" gap={12} style={{ padding: '12px 0' }} role="status">
        <Spin />
        <Typography.Text type="secondary">{t('check.running')}</Typography.Text>
      </Flex>
    );
  }
  if (error) {
    const title = errorText(error);
    const detail = error instanceof ApiError && error.message !== title ? error.message : undefined;
    return <Alert type="error" showIcon title={title} description={detail} role="alert" />;
  }
  if (!result) return null;
  return (
    <Alert
      type="success"
      showIcon
      title={t('check.ok', { ms: result.latencyMs })}
      description={
        <Descriptions
          size="small"
          column={1}
          style={{ marginTop: 8 }}
          items={[
            { key: 'os', label: t('check.os'), children: <OsInfoText osInfo={result.osInfo} /> },
            {
              key: 'fingerprint',
              label: t('check.fingerprint'),
              children: result.fingerprint ? (
                <FingerprintText fingerprint={result.fingerprint} />
              ) : (
                <Dash />
              ),
            },
            ...(result.jumpFingerprint
              ? [
                  {
                    key: 'jumpFingerprint',
                    label: t('check.jumpFingerprint'),
                    children: <FingerprintText fingerprint={result.jumpFingerprint} />,
                  },
                ]
              : []),
          ]}
        />
      }
    />
  );
}
