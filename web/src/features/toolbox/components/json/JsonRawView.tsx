import { Flex, theme, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useJsonWindow } from '../../hooks/useJsonWindow';
import { formatJson, type JsonContainer } from '../../utils/jsonParse';
import { clipText } from '../../utils/jsonPreview';
import { CopyTextButton } from '../text/CopyTextButton';
import { windowBoxStyle } from './windowBoxStyle';

const LINE_HEIGHT = 20;
/** A line longer than this is cut on screen (the copy button still gives all of it). */
const MAX_LINE_CHARS = 10_000;

/**
 * The raw view: the document indented by two spaces, with a copy button. Lines are windowed like
 * the tree's rows: a text box holding megabytes of text takes the browser seconds to lay out.
 */
export function JsonRawView({ value }: { value: JsonContainer }) {
  const { t } = useTranslation('toolboxText');
  const { token } = theme.useToken();
  const text = useMemo(() => formatJson(value), [value]);
  const lines = useMemo(() => text.split('\n'), [text]);
  const { box, height, first, last, onScroll } = useJsonWindow(lines.length, LINE_HEIGHT);
  return (
    <Flex vertical>
      <Flex align="center" justify="space-between" gap={8}>
        <Typography.Text type="secondary">{t('json.formatted')}</Typography.Text>
        <CopyTextButton text={text} label={t('json.formatted')} />
      </Flex>
      <div
        ref={box}
        role="region"
        aria-label={t('json.formatted')}
        tabIndex={0}
        onScroll={onScroll}
        style={{ ...windowBoxStyle(token, height), color: token.colorText }}
      >
        <div style={{ position: 'relative', height: lines.length * LINE_HEIGHT }}>
          {lines.slice(first, last).map((line, offset) => (
            <div
              key={first + offset}
              data-line
              style={{
                position: 'absolute',
                top: (first + offset) * LINE_HEIGHT,
                left: 0,
                height: LINE_HEIGHT,
                lineHeight: `${LINE_HEIGHT}px`,
                padding: '0 8px',
                whiteSpace: 'pre',
              }}
            >
              {clipText(line, MAX_LINE_CHARS)}
            </div>
          ))}
        </div>
      </div>
    </Flex>
  );
}
