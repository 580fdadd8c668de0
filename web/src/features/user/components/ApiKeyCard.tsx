import {
  CopyOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  KeyOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Skeleton, theme, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { copyText } from '../../../ui/copyText';
import { useFeedback } from '../../../ui/useFeedback';
import { useApiKey } from '../hooks/useApiKey';
import { useGenerateApiKey } from '../hooks/useGenerateApiKey';
import { maskKey } from '../utils/maskKey';

/** The API key for scripts and CI: masked, revealable, copyable and replaceable. */
export function ApiKeyCard() {
  const { t } = useTranslation(['user', 'common']);
  const { token } = theme.useToken();
  const { message, modal } = useFeedback();
  const apiKey = useApiKey();
  const generate = useGenerateApiKey();
  const [revealed, setRevealed] = useState(false);
  const key = apiKey.data ?? '';

  const confirmGenerate = () => {
    if (!key) {
      generate.mutate(undefined, { onSuccess: () => setRevealed(true) });
      return;
    }
    modal.confirm({
      title: t('user:apiKey.confirmTitle'),
      content: t('user:apiKey.confirmText'),
      okText: t('user:apiKey.generate'),
      okButtonProps: { danger: true },
      cancelText: t('common:action.cancel'),
      // A failure was already reported by `call`; the dialog just closes.
      onOk: () =>
        generate
          .mutateAsync()
          .then(() => setRevealed(true))
          .catch(() => undefined),
    });
  };

  const copy = async () => {
    if (await copyText(key)) void message.success(t('common:action.copied'));
    else void message.error(t('common:action.copyFailed'));
  };

  let content;
  if (apiKey.isPending) content = <Skeleton.Input active block />;
  else if (apiKey.isError)
    content = (
      <Alert
        type="error"
        showIcon
        title={errorText(apiKey.error)}
        action={
          <Button size="small" onClick={() => void apiKey.refetch()}>
            {t('common:action.retry')}
          </Button>
        }
      />
    );
  else if (!key)
    content = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('user:apiKey.empty')}
        style={{ margin: '8px 0' }}
      />
    );
  else
    content = (
      <Flex
        align="center"
        gap={4}
        style={{
          padding: '6px 6px 6px 12px',
          borderRadius: token.borderRadius,
          background: token.colorFillQuaternary,
          border: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Typography.Text
          code={false}
          style={{ flex: 1, minWidth: 0, fontFamily: token.fontFamilyCode, wordBreak: 'break-all' }}
          aria-label={t('user:apiKey.title')}
        >
          {revealed ? key : maskKey(key)}
        </Typography.Text>
        <Button
          type="text"
          icon={revealed ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={() => setRevealed((r) => !r)}
          aria-label={revealed ? t('user:apiKey.hide') : t('user:apiKey.reveal')}
          title={revealed ? t('user:apiKey.hide') : t('user:apiKey.reveal')}
        />
        <Button
          type="text"
          icon={<CopyOutlined />}
          onClick={() => void copy()}
          aria-label={t('common:action.copy')}
          title={t('common:action.copy')}
        />
      </Flex>
    );

  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          <KeyOutlined />
          {t('user:apiKey.title')}
        </Flex>
      }
      extra={
        <Button
          icon={<SyncOutlined />}
          loading={generate.isPending}
          disabled={apiKey.isPending || apiKey.isError}
          onClick={confirmGenerate}
        >
          {key ? t('user:apiKey.regenerate') : t('user:apiKey.generate')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('user:apiKey.help')}
      </Typography.Paragraph>
      {content}
    </Card>
  );
}
