import { theme } from 'antd';
import { useId, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useJsonWindow } from '../../hooks/useJsonWindow';
import type { JsonRow } from '../../utils/jsonTree';
import { treeKeyOutcome } from '../../utils/jsonTreeKeys';
import { JSON_ROW_HEIGHT, JsonTreeRow } from './JsonTreeRow';
import { windowBoxStyle } from './windowBoxStyle';

interface JsonTreeViewProps {
  rows: readonly JsonRow[];
  marked: ReadonlySet<string>;
  onToggle: (index: number) => void;
  onMark: (path: string) => void;
  onShowPath: (path: string) => void;
}

/**
 * The tree, windowed: a box of fixed height in which only the rows in view (plus a margin) are in
 * the DOM, so a fully expanded document of hundreds of thousands of rows scrolls smoothly. One
 * focusable element with `aria-activedescendant`, driven by the arrow keys.
 */
export function JsonTreeView({ rows, marked, onToggle, onMark, onShowPath }: JsonTreeViewProps) {
  const { t } = useTranslation('toolboxText');
  const { token } = theme.useToken();
  const idPrefix = useId();
  const { box, height, first, last, reveal, onScroll } = useJsonWindow(
    rows.length,
    JSON_ROW_HEIGHT,
  );
  const [focusState, setFocus] = useState(0);
  const [hasFocus, setHasFocus] = useState(false);
  const focus = Math.min(focusState, rows.length - 1);
  const rowId = (index: number) => `${idPrefix}-row-${index}`;

  const onKeyDown = (event: KeyboardEvent) => {
    const outcome = treeKeyOutcome(rows, focus, event.key);
    if (!outcome) return;
    event.preventDefault();
    if (outcome.toggle !== undefined) onToggle(focus);
    setFocus(outcome.focus);
    reveal(outcome.focus);
  };

  const onLabelClick = (event: MouseEvent, row: JsonRow, index: number) => {
    setFocus(index);
    if (event.altKey) onMark(row.path);
    else if (event.shiftKey) onShowPath(row.path);
    else if (row.expandable) onToggle(index);
  };

  return (
    <div
      ref={box}
      role="tree"
      aria-label={t('json.tree')}
      aria-activedescendant={focus >= first && focus < last ? rowId(focus) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={() => setHasFocus(true)}
      onBlur={() => setHasFocus(false)}
      onScroll={onScroll}
      style={{
        ...windowBoxStyle(token, height),
        outline: 'none',
        boxShadow: hasFocus ? `0 0 0 2px ${token.colorPrimaryBorder}` : undefined,
      }}
    >
      <div style={{ position: 'relative', height: rows.length * JSON_ROW_HEIGHT }}>
        {rows.slice(first, last).map((row, offset) => {
          const index = first + offset;
          return (
            <JsonTreeRow
              key={row.path}
              row={row}
              index={index}
              id={rowId(index)}
              focused={hasFocus && index === focus}
              marked={marked.has(row.path)}
              markedLabel={t('json.marked')}
              onToggle={(i) => {
                setFocus(i);
                onToggle(i);
              }}
              onLabelClick={onLabelClick}
            />
          );
        })}
      </div>
    </div>
  );
}
