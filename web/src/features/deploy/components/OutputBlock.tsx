import { theme } from 'antd';
import { AnsiText } from './AnsiText';

/** A stored command output or script, monospace on the log's dark ground, its colours kept. */
export function OutputBlock({ text, label }: { text: string; label: string }) {
  const { token } = theme.useToken();
  return (
    <pre
      aria-label={label}
      style={{
        margin: 0,
        padding: '8px 12px',
        maxHeight: 360,
        overflow: 'auto',
        background: '#141414',
        color: '#d9d9d9',
        fontFamily: token.fontFamilyCode,
        fontSize: token.fontSizeSM,
        lineHeight: 1.5,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
        borderRadius: token.borderRadius,
      }}
    >
      {text.split('\n').map((line, i) => (
        <div key={i}>
          <AnsiText text={line} />
        </div>
      ))}
    </pre>
  );
}
