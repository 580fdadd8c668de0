import { Flex, theme, Typography } from 'antd';
import { CopyButton } from './CopyButton';

interface CodeBoxProps {
  text: string;
  /** What the text is, for screen readers and the copy button. */
  label: string;
  copyLabel: string;
}

/** Read-only text in the code font on a tinted box, wrapped anywhere, with a copy button. */
export function CodeBox({ text, label, copyLabel }: CodeBoxProps) {
  const { token } = theme.useToken();
  return (
    <Flex
      align="flex-start"
      gap={4}
      style={{
        padding: '6px 6px 6px 12px',
        borderRadius: token.borderRadius,
        background: token.colorFillQuaternary,
        border: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Typography.Text
        aria-label={label}
        style={{ flex: 1, minWidth: 0, fontFamily: token.fontFamilyCode, wordBreak: 'break-all' }}
      >
        {text}
      </Typography.Text>
      <CopyButton text={text} label={copyLabel} />
    </Flex>
  );
}
