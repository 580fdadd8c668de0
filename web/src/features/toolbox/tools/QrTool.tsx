import { Alert, Button, Flex, Input, InputNumber, Typography } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { QrImage } from '../components/qr/QrImage';
import {
  checkQr,
  QR_DEFAULT_SIZE,
  QR_MAX_BYTES,
  QR_MAX_SIZE,
  QR_MIN_SIZE,
  type QrCheck,
} from '../utils/qr';

interface Drawn {
  result: QrCheck;
  text: string;
  size: number;
}

/** The message of a refused text or size, in the interface language. */
function useProblemText(drawn: Drawn | undefined): string | undefined {
  const { t } = useTranslation('toolbox');
  if (!drawn) return undefined;
  const { result } = drawn;
  if (result.ok) return undefined;
  if (result.problem === 'empty') return t('qr.errors.empty');
  if (result.problem === 'size') return t('qr.errors.size', { min: QR_MIN_SIZE, max: QR_MAX_SIZE });
  return t('qr.errors.tooLong', { bytes: result.bytes ?? 0, max: QR_MAX_BYTES });
}

/** QR code generator: text and a size in pixels in, a code to look at and download as PNG out. */
export function QrTool(): ReactElement {
  const { t } = useTranslation('toolbox');
  const [text, setText] = useState('');
  const [size, setSize] = useState<number | null>(QR_DEFAULT_SIZE);
  const [drawn, setDrawn] = useState<Drawn>();
  const problem = useProblemText(drawn);

  const generate = () => {
    const asked = size ?? Number.NaN;
    setDrawn({ result: checkQr(text, asked), text, size: asked });
  };
  const sizeProblem = drawn && !drawn.result.ok && drawn.result.problem === 'size';

  return (
    <Flex vertical gap={12}>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('qr.textPlaceholder')}
        aria-label={t('qr.text')}
        autoSize={{ minRows: 3, maxRows: 8 }}
      />
      <Flex wrap align="center" gap={8}>
        <InputNumber<number>
          value={size}
          onChange={setSize}
          aria-label={t('qr.size')}
          prefix={<Typography.Text type="secondary">{t('qr.size')}</Typography.Text>}
          status={sizeProblem ? 'error' : undefined}
          style={{ width: 200 }}
        />
        <Typography.Text type="secondary">
          {t('qr.sizeHint', { min: QR_MIN_SIZE, max: QR_MAX_SIZE })}
        </Typography.Text>
        <Button type="primary" onClick={generate}>
          {t('qr.generate')}
        </Button>
      </Flex>
      {problem ? <Alert type="error" showIcon role="alert" title={problem} /> : null}
      {drawn?.result.ok ? <QrImage text={drawn.text} size={drawn.size} /> : null}
    </Flex>
  );
}
