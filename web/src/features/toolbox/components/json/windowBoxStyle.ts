import type { GlobalToken } from 'antd';
import type { CSSProperties } from 'react';

/** The scrolling box both JSON views draw their windowed lines in: code font, theme colours. */
export const windowBoxStyle = (token: GlobalToken, height: number): CSSProperties => ({
  height: height + 2,
  boxSizing: 'border-box',
  overflow: 'auto',
  fontFamily: token.fontFamilyCode,
  fontSize: token.fontSizeSM,
  border: `1px solid ${token.colorBorder}`,
  borderRadius: token.borderRadius,
  background: token.colorBgContainer,
});
