import { Button, Flex, Input, Space, Typography } from 'antd';
import { useState, type ReactElement } from 'react';
import { ColorSwatch } from './ColorSwatch';

/** What one conversion gives: a value for the read-only box, and what to tell the user. */
export interface ColorOutcome {
  value: string;
  /** The colour to paint, when there is one. */
  swatch?: string;
  note?: { text: string; type: 'warning' | 'danger' };
}

interface ColorConvertRowProps {
  placeholder: string;
  inputLabel: string;
  buttonLabel: string;
  resultLabel: string;
  convert: (input: string) => ColorOutcome;
}

/** One direction of the colour tool: input, '>>' (or Enter), read-only result and a swatch. */
export function ColorConvertRow(props: ColorConvertRowProps): ReactElement {
  const { placeholder, inputLabel, buttonLabel, resultLabel, convert } = props;
  const [input, setInput] = useState('');
  const [outcome, setOutcome] = useState<ColorOutcome>();
  const run = () => setOutcome(convert(input));

  return (
    <Flex vertical gap={6}>
      <Flex wrap gap={8} align="center">
        <Space.Compact style={{ flex: '1 1 220px' }}>
          <Input
            value={input}
            onChange={(e) => setInput(e.target.value)}
            onPressEnter={run}
            placeholder={placeholder}
            aria-label={inputLabel}
            spellCheck={false}
            status={outcome?.note?.type === 'danger' ? 'error' : undefined}
          />
          <Button type="primary" onClick={run} aria-label={buttonLabel}>
            {'>>'}
          </Button>
        </Space.Compact>
        <Flex gap={8} align="center" style={{ flex: '1 1 180px' }}>
          <Input readOnly value={outcome?.value ?? ''} aria-label={resultLabel} />
          <ColorSwatch color={outcome?.swatch} />
        </Flex>
      </Flex>
      {outcome?.note ? (
        <Typography.Text type={outcome.note.type} role="alert">
          {outcome.note.text}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
