import { Code } from '@ferry/contract/client';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Dash } from '../../../ui/Dash';
import { responseCode } from '../utils/responseCode';

/** The envelope codes that have a word of their own, by code. */
const WORDS: ReadonlyMap<number, keyof typeof Code> = new Map(
  (Object.keys(Code) as (keyof typeof Code)[]).map((name) => [Code[name], name]),
);

/**
 * The envelope code of a stored response as a word ("OK", "Denied"), its number on hover: green
 * for 0, red otherwise, a dash when unknown.
 */
export function ResponseCodeTag({ responseData }: { responseData: string }) {
  const { t } = useTranslation('log');
  const code = responseCode(responseData);
  if (code === undefined) return <Dash />;
  const word = WORDS.get(code);
  return (
    <Tooltip title={t('operationLog.codeNumber', { code })}>
      <Tag color={code === 0 ? 'success' : 'error'} tabIndex={0}>
        {word ? t(`operationLog.codeWord.${word}`) : code}
      </Tag>
    </Tooltip>
  );
}
