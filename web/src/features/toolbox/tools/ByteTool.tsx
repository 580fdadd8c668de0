import { Button, Flex, Input, Select, Space, Typography } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { BYTE_UNITS, convertBytes, type ByteConversion, type ByteUnit } from '../utils/byteSize';

const UNIT_OPTIONS = (Object.keys(BYTE_UNITS) as ByteUnit[]).map((u) => ({ value: u, label: u }));

/** Byte transform: a number and a unit (B, KB, MB) in, a readable size (B to YB) out. */
export function ByteTool(): ReactElement {
  const { t } = useTranslation('toolbox');
  const [value, setValue] = useState('');
  const [unit, setUnit] = useState<ByteUnit>('B');
  const [result, setResult] = useState<ByteConversion>();
  const convert = () => setResult(convertBytes(value, unit));
  const failed = result && !result.ok;

  return (
    <Flex vertical gap={8}>
      <Flex wrap gap={8} align="center">
        <Space.Compact style={{ flex: '1 1 240px' }}>
          <Input
            value={value}
            onChange={(e) => setValue(e.target.value)}
            onPressEnter={convert}
            inputMode="decimal"
            aria-label={t('byte.value')}
            placeholder="1024"
            status={failed ? 'error' : undefined}
          />
          <Select<ByteUnit>
            value={unit}
            onChange={setUnit}
            options={UNIT_OPTIONS}
            aria-label={t('byte.unit')}
            style={{ width: 80 }}
          />
          <Button type="primary" onClick={convert} aria-label={t('byte.convert')}>
            {'>>'}
          </Button>
        </Space.Compact>
        <Input
          readOnly
          value={result?.ok ? result.text : ''}
          aria-label={t('byte.result')}
          placeholder={t('byte.result')}
          style={{ flex: '1 1 160px' }}
        />
      </Flex>
      {failed ? (
        <Typography.Text type="danger" role="alert">
          {t(`byte.errors.${result.problem}`)}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
