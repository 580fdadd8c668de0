import { Flex, Input, theme, Typography } from 'antd';
import { CopyTextButton } from './CopyTextButton';

interface CopyableResultProps {
  /** What the result is; also the accessible name of its box. */
  label: string;
  value: string;
  /** A text area that grows with the text instead of one line. */
  multiline?: boolean;
}

/** A read-only result in the code font, under its label, with a copy button beside the label. */
export function CopyableResult({ label, value, multiline = false }: CopyableResultProps) {
  const { token } = theme.useToken();
  const style = { fontFamily: token.fontFamilyCode };
  return (
    <div>
      <Flex align="center" justify="space-between" gap={8}>
        <Typography.Text type="secondary">{label}</Typography.Text>
        <CopyTextButton text={value} label={label} />
      </Flex>
      {multiline ? (
        <Input.TextArea
          readOnly
          aria-label={label}
          value={value}
          autoSize={{ minRows: 3, maxRows: 12 }}
          style={style}
        />
      ) : (
        <Input readOnly aria-label={label} value={value} style={style} />
      )}
    </div>
  );
}
