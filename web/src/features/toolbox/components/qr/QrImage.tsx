import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

interface QrImageProps {
  dataUrl: string;
  size: number;
}

/** The drawn code at its real size (shrunk to fit a phone) and its PNG download. */
export function QrImage({ dataUrl, size }: QrImageProps): ReactElement {
  const { t } = useTranslation('toolbox');
  const { token } = theme.useToken();
  return (
    <Flex vertical align="flex-start" gap={8}>
      {/* The code keeps its white quiet zone in dark mode too: scanners need the contrast. */}
      <img
        src={dataUrl}
        alt={t('qr.image')}
        width={size}
        height={size}
        style={{
          maxWidth: '100%',
          height: 'auto',
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
        }}
      />
      <Button icon={<DownloadOutlined />} href={dataUrl} download="qrcode.png">
        {t('qr.download')}
      </Button>
    </Flex>
  );
}
