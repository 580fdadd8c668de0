import { CloseCircleFilled, ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Text } from './Text';
import { Title } from './Title';

interface ErrorStateProps {
  /** What failed, in the user's words; defaults to a generic title. */
  title?: string;
  detail?: string;
  onRetry?: () => void;
}

/**
 * A failed load, with a retry when one makes sense. Drawn by hand rather than with antd's Result,
 * which carries its large illustrations into the first page's JavaScript.
 */
export function ErrorState({ title, detail, onRetry }: ErrorStateProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '48px 16px', textAlign: 'center' }}>
      <CloseCircleFilled style={{ fontSize: 56, color: token.colorError }} />
      <Title level={4} style={{ margin: 0 }}>
        {title ?? t('state.error')}
      </Title>
      {detail ? <Text secondary>{detail}</Text> : null}
      {onRetry ? (
        <Button icon={<ReloadOutlined />} onClick={onRetry} style={{ marginTop: 8 }}>
          {t('action.retry')}
        </Button>
      ) : null}
    </Flex>
  );
}
