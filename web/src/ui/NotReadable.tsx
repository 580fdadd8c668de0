import { DownloadOutlined, FileUnknownOutlined } from '@ant-design/icons';
import { Button, Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A file shown as an offer to download it: not text, too large to show, or of a kind that has no
 * preview. Without the permission to download, only the explanation.
 */
export function NotReadable(props: { title: string; detail?: string; onDownload?: () => void }) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '48px 16px', textAlign: 'center' }}>
      <FileUnknownOutlined style={{ fontSize: 48, color: token.colorTextTertiary }} />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {props.title}
      </Typography.Title>
      {props.detail ? <Typography.Text type="secondary">{props.detail}</Typography.Text> : null}
      {props.onDownload ? (
        <Button type="primary" icon={<DownloadOutlined />} onClick={props.onDownload}>
          {t('file.download')}
        </Button>
      ) : null}
    </Flex>
  );
}
