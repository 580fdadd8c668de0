import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

interface TitleProps {
  level: 3 | 4;
  children: ReactNode;
  style?: CSSProperties;
}

/**
 * A heading drawn as antd's `Typography.Title` draws it, without Typography's code (see `Text`).
 */
export function Title({ level, children, style }: TitleProps) {
  const { token } = theme.useToken();
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <Heading
      style={{
        marginBottom: '0.5em',
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: level === 3 ? token.fontSizeHeading3 : token.fontSizeHeading4,
        lineHeight: level === 3 ? token.lineHeightHeading3 : token.lineHeightHeading4,
        wordBreak: 'break-word',
        ...style,
      }}
    >
      {children}
    </Heading>
  );
}
