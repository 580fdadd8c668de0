import { theme } from 'antd';
import type { ReactNode } from 'react';

/** The app's box in the theme's text style, which the page's own text inherits. */
export function ThemedRoot({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}
