import { KeyOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeBox } from '../../../ui/CodeBox';

interface WebhookSecretProps {
  hasSecret: boolean;
  /** The new secret, shown this once; undefined before a reset. */
  revealed: string | undefined;
  /** Absent without SwitchProjectWebhook. */
  onReset?: () => void;
  busy: boolean;
}

/** Whether deliveries must be signed; a new secret, shown once with a copy button. */
export function WebhookSecret({ hasSecret, revealed, onReset, busy }: WebhookSecretProps) {
  const { t } = useTranslation('webhook');
  if (revealed) {
    return (
      <Flex vertical gap={4}>
        <Alert type="warning" showIcon title={t('secret.once')} />
        <CodeBox text={revealed} label={t('secret.label')} copyLabel={t('secret.copy')} />
      </Flex>
    );
  }
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text
        type={hasSecret ? 'secondary' : 'warning'}
        style={{ flex: 1, minWidth: 160 }}
      >
        {hasSecret ? t('secret.set') : t('secret.none')}
      </Typography.Text>
      {onReset ? (
        <Popconfirm
          title={hasSecret ? t('secret.resetConfirm') : t('secret.generateConfirm')}
          okText={hasSecret ? t('secret.reset') : t('secret.generate')}
          okButtonProps={{ danger: hasSecret }}
          onConfirm={onReset}
        >
          <Button size="small" icon={<KeyOutlined />} loading={busy}>
            {hasSecret ? t('secret.reset') : t('secret.generate')}
          </Button>
        </Popconfirm>
      ) : null}
    </Flex>
  );
}
