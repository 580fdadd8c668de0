import { CaretDownOutlined, CaretRightOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import type { GlobalToken } from 'antd';
import type { CSSProperties, MouseEvent } from 'react';
import {
  clipText,
  jsonValueKind,
  previewJsonValue,
  type JsonValueKind,
} from '../../utils/jsonPreview';
import type { JsonRow } from '../../utils/jsonTree';

/** Every row has this height, so the view can tell which rows a scroll position shows. */
export const JSON_ROW_HEIGHT = 24;
const INDENT = 16;

/** Read by screen readers, not shown: the highlight says the same to the eye. */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/** Value colours from the theme, so light and dark modes both read well. */
function valueColour(kind: JsonValueKind, token: GlobalToken): string {
  switch (kind) {
    case 'string':
      return token.colorSuccessText;
    case 'number':
      return token.colorWarningText;
    case 'boolean':
      return token.colorErrorText;
    case 'null':
      return token.colorTextTertiary;
    case 'object':
    case 'array':
      return token.colorTextSecondary;
  }
}

interface JsonTreeRowProps {
  row: JsonRow;
  index: number;
  id: string;
  focused: boolean;
  marked: boolean;
  markedLabel: string;
  onToggle: (index: number) => void;
  onLabelClick: (event: MouseEvent, row: JsonRow, index: number) => void;
}

/** One line of the tree: caret, key (the label that Alt- and Shift-clicks act on) and value. */
export function JsonTreeRow(props: JsonTreeRowProps) {
  const { row, index, id, focused, marked, markedLabel, onToggle, onLabelClick } = props;
  const { token } = theme.useToken();
  const style: CSSProperties = {
    position: 'absolute',
    top: index * JSON_ROW_HEIGHT,
    left: 0,
    minWidth: '100%',
    height: JSON_ROW_HEIGHT,
    lineHeight: `${JSON_ROW_HEIGHT}px`,
    paddingLeft: 4 + row.depth * INDENT,
    paddingRight: 8,
    whiteSpace: 'pre',
    boxSizing: 'border-box',
    background: focused ? token.controlItemBgActive : marked ? token.colorWarningBg : undefined,
    boxShadow: marked ? `inset 3px 0 0 ${token.colorWarning}` : undefined,
  };
  const Caret = row.expanded ? CaretDownOutlined : CaretRightOutlined;
  const label = row.key === null ? '$' : clipText(String(row.key));
  return (
    <div
      id={id}
      role="treeitem"
      aria-level={row.depth + 1}
      aria-expanded={row.expandable ? row.expanded : undefined}
      aria-selected={focused}
      data-marked={marked || undefined}
      style={style}
    >
      <span
        aria-hidden
        onClick={() => row.expandable && onToggle(index)}
        style={{
          display: 'inline-block',
          width: 16,
          cursor: row.expandable ? 'pointer' : 'default',
        }}
      >
        {row.expandable && <Caret style={{ fontSize: 10, color: token.colorTextTertiary }} />}
      </span>
      <span
        data-json-label
        onClick={(e) => onLabelClick(e, row, index)}
        // Shift-click would otherwise select text from the last click to here.
        onMouseDown={(e) => e.shiftKey && e.preventDefault()}
        style={{
          color: token.colorPrimaryText,
          cursor: 'pointer',
          fontWeight: marked ? token.fontWeightStrong : undefined,
        }}
      >
        {label}
      </span>
      <span style={{ color: token.colorTextTertiary }}>: </span>
      <span style={{ color: valueColour(jsonValueKind(row.value), token) }}>
        {previewJsonValue(row.value)}
      </span>
      {marked && <span style={VISUALLY_HIDDEN}>{` (${markedLabel})`}</span>}
    </div>
  );
}
