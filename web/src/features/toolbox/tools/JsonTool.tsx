import { Flex, Input, Segmented, theme } from 'antd';
import { useCallback, type ClipboardEvent, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../ui/useFeedback';
import { JsonResult } from '../components/json/JsonResult';
import { JsonVisibleRows } from '../hooks/JsonVisibleRows';
import { useJsonDocument, type JsonView } from '../hooks/useJsonDocument';

/** The input box's fixed height (product.md §9). */
const INPUT_ROWS = 25;
/** In the dialog a shorter input that grows a little, and a shorter output, share one screen. */
const COMPACT_INPUT = { minRows: 3, maxRows: 6 };
const COMPACT_OUTPUT_ROWS = 12;

/**
 * JSON input with a raw view (formatted text) and a pretty view (a collapsible tree). Pasting
 * shows the tree at once; a root that is not an object or an array is refused with an alert.
 * `compact` (the toolbox dialog) keeps input and output on screen together.
 */
export function JsonTool({ compact = false }: { compact?: boolean }): JSX.Element {
  const { t } = useTranslation('toolboxText');
  const { message } = useFeedback();
  const { token } = theme.useToken();
  const refuseRoot = useCallback(
    () => void message.warning(t('json.rootNotContainer')),
    [message, t],
  );
  const doc = useJsonDocument(refuseRoot);
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const box = event.currentTarget;
    // The pasted text lands in the box only after this event: read the whole box right after.
    setTimeout(() => doc.pasted(box.value), 0);
  };
  const result = <JsonResult key={doc.parsed.id} result={doc.parsed.result} view={doc.view} />;
  return (
    <Flex vertical gap={12}>
      <Input.TextArea
        aria-label={t('json.input')}
        placeholder={t('json.inputPlaceholder')}
        value={doc.input}
        onChange={(e) => doc.setInput(e.target.value)}
        onPaste={onPaste}
        {...(compact ? { autoSize: COMPACT_INPUT } : { rows: INPUT_ROWS })}
        spellCheck={false}
        style={{ fontFamily: token.fontFamilyCode, resize: 'none' }}
      />
      <Segmented<JsonView>
        aria-label={t('json.view')}
        value={doc.view}
        onChange={doc.showView}
        options={[
          { value: 'raw', label: t('json.raw') },
          { value: 'pretty', label: t('json.pretty') },
        ]}
      />
      {compact ? (
        <JsonVisibleRows.Provider value={COMPACT_OUTPUT_ROWS}>{result}</JsonVisibleRows.Provider>
      ) : (
        result
      )}
    </Flex>
  );
}
