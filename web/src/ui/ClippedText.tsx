import { Typography } from 'antd';
import { Dash } from './Dash';

/** Long text cut to one line of at most `width` pixels; the whole of it on hover; a dash if blank. */
export function ClippedText({ text, width }: { text: string; width: number }) {
  if (!text) return <Dash />;
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: width }}>
      {text}
    </Typography.Text>
  );
}
