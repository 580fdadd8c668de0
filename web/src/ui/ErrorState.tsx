import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

interface ErrorStateProps {
  /** What failed, in the user's words; defaults to a generic title. */
  title?: string;
  detail?: string;
  onRetry?: () => void;
}

/** A failed load, with a retry when one makes sense. */
export function ErrorState({ title, detail, onRetry }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={title ?? t('state.error')}
      subTitle={detail}
      extra={
        onRetry ? (
          <Button icon={<ReloadOutlined />} onClick={onRetry}>
            {t('action.retry')}
          </Button>
        ) : undefined
      }
    />
  );
}
