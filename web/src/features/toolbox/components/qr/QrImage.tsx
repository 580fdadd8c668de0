import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, QRCode, theme } from 'antd';
import { useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { QR_LEVEL, QR_MARGIN } from '../../utils/qr';

interface QrImageProps {
  text: string;
  size: number;
}

/** Saves the drawn canvas as `qrcode.png`, `size` pixels wide whatever the screen's pixel ratio. */
function downloadPng(canvas: HTMLCanvasElement, size: number): void {
  const out = document.createElement('canvas');
  out.width = size;
  out.height = size;
  out.getContext('2d')?.drawImage(canvas, 0, 0, size, size);
  const link = document.createElement('a');
  link.href = out.toDataURL('image/png');
  link.download = 'qrcode.png';
  link.click();
}

/** The code drawn by antd's QRCode at its real size, and its PNG download. */
export function QrImage({ text, size }: QrImageProps): ReactElement {
  const { t } = useTranslation('toolbox');
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const download = () => {
    const canvas = box.current?.querySelector('canvas');
    if (canvas) downloadPng(canvas, size);
  };
  return (
    <Flex vertical align="flex-start" gap={8}>
      <div ref={box} style={{ maxWidth: '100%', overflowX: 'auto' }}>
        {/* The code keeps its white quiet zone in dark mode too: scanners need the contrast. */}
        <QRCode
          value={text}
          size={size}
          errorLevel={QR_LEVEL}
          marginSize={QR_MARGIN}
          color="#000000"
          bgColor="#ffffff"
          bordered={false}
          aria-label={t('qr.image')}
          style={{ border: `1px solid ${token.colorBorderSecondary}`, boxSizing: 'content-box' }}
        />
      </div>
      <Button icon={<DownloadOutlined />} onClick={download}>
        {t('qr.download')}
      </Button>
    </Flex>
  );
}
