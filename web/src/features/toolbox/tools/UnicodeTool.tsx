import { Alert, Flex, Input } from 'antd';
import { useMemo, useState, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyableResult } from '../components/text/CopyableResult';
import { decodeUnicodeEscapes } from '../utils/unicodeDecode';

/** Decodes `\uXXXX` and `\u{…}` escapes as the user types; unreadable ones are counted. */
export function UnicodeTool(): JSX.Element {
  const { t } = useTranslation('toolboxText');
  const [input, setInput] = useState('');
  const decoded = useMemo(() => decodeUnicodeEscapes(input), [input]);
  return (
    <Flex vertical gap={12}>
      <Input.TextArea
        aria-label={t('unicode.input')}
        placeholder={t('unicode.placeholder')}
        value={input}
        onChange={(e) => setInput(e.target.value)}
        autoSize={{ minRows: 4, maxRows: 12 }}
      />
      {decoded.failed > 0 && (
        <Alert type="warning" showIcon title={t('unicode.failed', { count: decoded.failed })} />
      )}
      <CopyableResult label={t('unicode.output')} value={decoded.text} multiline />
    </Flex>
  );
}
