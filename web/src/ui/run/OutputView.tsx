import { theme } from 'antd';
import { memo, useLayoutEffect, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { humanSize } from '../humanSize';
import { useCodeBlockStyle } from './useCodeBlockStyle';
import type { OutputSegment, PaneOutput } from './paneOutput';

interface OutputViewProps {
  output: PaneOutput;
  /** What the text is, for screen readers. */
  label: string;
  /** Said while there is no output. */
  emptyText: string;
  /** It grows with its text up to this height, then scrolls. */
  maxHeight: CSSProperties['maxHeight'];
}

const Segment = memo(function Segment({
  segment,
  errorColor,
}: {
  segment: OutputSegment;
  errorColor: string;
}) {
  return segment.stream === 'stderr' ? (
    <span data-stream="stderr" style={{ color: errorColor }}>
      {segment.text}
    </span>
  ) : (
    <span>{segment.text}</span>
  );
});

/**
 * A server's output in the code font, stderr in the error colour; it follows new lines while
 * scrolled to the end and stays put while the reader scrolls up. Above the text, how much older
 * output was let go to keep the page light.
 */
export function OutputView({ output, label, emptyText, maxHeight }: OutputViewProps) {
  const { t } = useTranslation('script');
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const follow = useRef(true);
  const style = useCodeBlockStyle(maxHeight);

  useLayoutEffect(() => {
    const el = box.current;
    if (el && follow.current) el.scrollTop = el.scrollHeight;
  }, [output]);

  return (
    <div
      ref={box}
      role="log"
      aria-label={label}
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
      }}
      style={style}
    >
      {output.dropped > 0 ? (
        <div
          role="note"
          style={{
            color: token.colorWarningText,
            borderBottom: `1px dashed ${token.colorBorder}`,
            marginBottom: 4,
            paddingBottom: 4,
            fontFamily: token.fontFamily,
          }}
        >
          {t('run.dropped', { size: humanSize(output.dropped) })}
        </div>
      ) : null}
      {output.segments.length === 0 ? (
        <span style={{ color: token.colorTextTertiary, fontFamily: token.fontFamily }}>
          {emptyText}
        </span>
      ) : (
        output.segments.map((s) => (
          <Segment key={s.id} segment={s} errorColor={token.colorErrorText} />
        ))
      )}
    </div>
  );
}
