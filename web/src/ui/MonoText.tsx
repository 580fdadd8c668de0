import { theme, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

interface MonoTextProps {
  children: ReactNode;
  secondary?: boolean;
  style?: CSSProperties;
}

/** Text in the theme's code font: addresses, fingerprints, keys. */
export function MonoText({ children, secondary, style }: MonoTextProps) {
  const { token } = theme.useToken();
  return (
    <Typography.Text
      type={secondary ? 'secondary' : undefined}
      style={{ fontFamily: token.fontFamilyCode, ...style }}
    >
      {children}
    </Typography.Text>
  );
}
