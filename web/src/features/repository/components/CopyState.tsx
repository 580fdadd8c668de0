import { DisconnectOutlined, FolderOpenOutlined, InboxOutlined } from '@ant-design/icons';
import { Button, Flex, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { ErrorState } from '../../../ui/ErrorState';

/** A state of its own: an icon, a title and what to do. */
function Explained(props: { icon: ReactNode; title: string; detail: string; action?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '40px 16px', textAlign: 'center' }}>
      <span style={{ fontSize: 48, color: token.colorTextTertiary }}>{props.icon}</span>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {props.title}
      </Typography.Title>
      <Typography.Text type="secondary" style={{ maxWidth: 480 }}>
        {props.detail}
      </Typography.Text>
      {props.action}
    </Flex>
  );
}

/**
 * Why a path of the working copy cannot be shown: no copy yet (never deployed), a link that
 * leads out of it, gone since it was listed, or any other failure (with Retry).
 */
export function CopyState(props: {
  error: unknown;
  path: string;
  onRoot?: () => void;
  onRetry?: () => void;
  failed: string;
}) {
  const { t } = useTranslation('repository');
  const reason = props.error instanceof ApiError ? props.error.reason : undefined;
  const back =
    props.onRoot && props.path !== '' ? (
      <Button onClick={props.onRoot}>{t('state.backToRoot')}</Button>
    ) : undefined;
  if (reason === 'working_copy_missing') {
    return (
      <Explained
        icon={<InboxOutlined />}
        title={t('state.noCopyTitle')}
        detail={t('state.noCopy')}
      />
    );
  }
  if (reason === 'path_outside_working_copy') {
    return (
      <Explained
        icon={<DisconnectOutlined />}
        title={t('state.outsideTitle')}
        detail={t('state.outside', { path: props.path })}
        action={back}
      />
    );
  }
  if (reason === 'file_missing') {
    return (
      <Explained
        icon={<FolderOpenOutlined />}
        title={t('state.missingTitle')}
        detail={t('state.missing', { path: props.path })}
        action={back}
      />
    );
  }
  return (
    <ErrorState title={props.failed} detail={errorText(props.error)} onRetry={props.onRetry} />
  );
}
