import { Button, Flex, Typography } from 'antd';
import { MonoText } from './MonoText';

interface VariableLineProps {
  name: string;
  meaning: string;
  /** The button's name for screen readers: "Insert ${NAME}" in the page's words. */
  insertLabel: string;
  onPick: (text: string) => void;
}

/** `${NAME}` as a button that puts it in a script, and what it holds. */
export function VariableLine({ name, meaning, insertLabel, onPick }: VariableLineProps) {
  const text = `\${${name}}`;
  return (
    <Flex vertical style={{ marginBottom: 6 }}>
      <Button
        type="link"
        size="small"
        style={{ padding: 0, height: 'auto', alignSelf: 'flex-start' }}
        onClick={() => onPick(text)}
        aria-label={insertLabel}
      >
        <MonoText>{text}</MonoText>
      </Button>
      <Typography.Text type="secondary" style={{ fontSize: '0.9em' }}>
        {meaning}
      </Typography.Text>
    </Flex>
  );
}
