import { theme } from 'antd';
import type { CSSProperties } from 'react';

/** A tinted, bordered box of wrapped text in the code font: output and recorded scripts. */
export function useCodeBlockStyle(maxHeight: CSSProperties['maxHeight']): CSSProperties {
  const { token } = theme.useToken();
  return {
    maxHeight,
    overflow: 'auto',
    margin: 0,
    padding: '8px 10px',
    background: token.colorFillQuaternary,
    border: `1px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadius,
    fontFamily: token.fontFamilyCode,
    fontSize: 12,
    lineHeight: 1.5,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  };
}
