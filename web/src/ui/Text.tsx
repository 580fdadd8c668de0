import { theme, Tooltip } from 'antd';
import { useState, type CSSProperties, type ReactNode } from 'react';

interface TextProps {
  children: ReactNode;
  /** Dimmed, as antd's `type="secondary"`. */
  secondary?: boolean;
  strong?: boolean;
  /** In the code font on a faint box, as antd's `code`. */
  code?: boolean;
  /** Cut to one line with an ellipsis; with a `tooltip`, that shows on hover when cut. */
  ellipsis?: boolean | { tooltip: ReactNode };
  title?: string;
  style?: CSSProperties;
}

const cutToOneLine: CSSProperties = {
  display: 'inline-block',
  maxWidth: '100%',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
  verticalAlign: 'bottom',
};

/**
 * A run of text drawn as antd's `Typography.Text` draws it in these cases. The layout and the
 * deploy page use it: antd's Typography brings its editor, copy button and expander along (about
 * 10 KB gzip), which the first page never shows. Pages that need those keep antd's.
 */
export function Text({ children, secondary, strong, code, ellipsis, title, style }: TextProps) {
  const { token } = theme.useToken();
  const [cut, setCut] = useState(false);
  let content = children;
  if (strong) content = <strong style={{ fontWeight: token.fontWeightStrong }}>{content}</strong>;
  if (code) {
    content = (
      <code
        style={{
          margin: '0 0.2em',
          paddingInline: '0.4em',
          paddingBlock: '0.2em 0.1em',
          fontSize: '85%',
          fontFamily: token.fontFamilyCode,
          background: 'rgba(150, 150, 150, 0.1)',
          border: `${token.lineWidth}px ${token.lineType} rgba(100, 100, 100, 0.2)`,
          borderRadius: 3,
        }}
      >
        {content}
      </code>
    );
  }
  const tooltip = typeof ellipsis === 'object' ? ellipsis.tooltip : undefined;
  const text = (
    <span
      title={title}
      style={{
        color: secondary ? token.colorTextDescription : token.colorText,
        wordBreak: 'break-word',
        lineHeight: token.lineHeight,
        ...(ellipsis ? cutToOneLine : undefined),
        ...style,
      }}
      onMouseEnter={
        tooltip === undefined
          ? undefined
          : (e) => setCut(e.currentTarget.scrollWidth > e.currentTarget.clientWidth)
      }
    >
      {content}
    </span>
  );
  return tooltip === undefined ? text : <Tooltip title={cut ? tooltip : undefined}>{text}</Tooltip>;
}
