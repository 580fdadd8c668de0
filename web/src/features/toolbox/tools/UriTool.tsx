import { Alert, Checkbox, Flex, Input } from 'antd';
import { useMemo, useState, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyableResult } from '../components/text/CopyableResult';
import { decodeUri } from '../utils/uriDecode';

/** Percent-decodes a URI as the user types; a malformed sequence is named with its position. */
export function UriTool(): JSX.Element {
  const { t } = useTranslation('toolboxText');
  const [input, setInput] = useState('');
  const [plusAsSpace, setPlusAsSpace] = useState(false);
  const result = useMemo(() => decodeUri(input, plusAsSpace), [input, plusAsSpace]);
  return (
    <Flex vertical gap={12}>
      <Input.TextArea
        aria-label={t('uri.input')}
        placeholder={t('uri.placeholder')}
        value={input}
        onChange={(e) => setInput(e.target.value)}
        autoSize={{ minRows: 4, maxRows: 12 }}
        status={result.ok ? undefined : 'error'}
      />
      <Checkbox checked={plusAsSpace} onChange={(e) => setPlusAsSpace(e.target.checked)}>
        {t('uri.plusAsSpace')}
      </Checkbox>
      {!result.ok && (
        <Alert
          type="error"
          showIcon
          title={t(`uri.${result.reason}`, {
            position: result.position,
            sequence: result.sequence,
          })}
        />
      )}
      <CopyableResult label={t('uri.output')} value={result.ok ? result.text : ''} multiline />
    </Flex>
  );
}
