import { useVirtualizer } from '@tanstack/react-virtual';
import { Flex, Spin, theme } from 'antd';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStoredState } from '../hooks/useStoredState';
import { lineTime } from '../utils/lineTime';
import type { LogView } from '../utils/logView';
import { AnsiText } from './AnsiText';
import { LogToolbar } from './LogToolbar';

interface DeployLogPanelProps {
  view: LogView;
  loading: boolean;
  /** The server kept only the end of a very long output. */
  truncated: boolean;
  /** Retention removed the full output (the trace keeps each step's). */
  pruned?: boolean;
  serverNames: ReadonlyMap<number, string>;
}

/** Terminal colours on a dark ground in both themes, as output is meant to be read. */
const LOG_BACKGROUND = '#141414';
const LOG_TEXT = '#d9d9d9';
const DIM = '#8c8c8c';
/** Lines drawn before the box has a size (the first paint, or no layout at all). */
const UNMEASURED_ROWS = 200;

const Row = memo(function Row(props: { line: string; server?: string; time?: string }) {
  const { line, server, time } = props;
  return (
    <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', minHeight: '1.5em' }}>
      {time ? <span style={{ color: DIM }}>{time} </span> : null}
      {server ? <span style={{ color: DIM }}>[{server}] </span> : null}
      <AnsiText text={line} />
    </div>
  );
});

/**
 * The output of a deploy, following its end while the user does not scroll up (a button brings
 * them back). Only the lines in sight are drawn, so a huge build does not freeze the browser.
 */
export function DeployLogPanel(props: DeployLogPanelProps) {
  const { view, loading, truncated, pruned = false, serverNames } = props;
  const { t } = useTranslation('deploy');
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const [follow, setFollow] = useState(true);
  const [times, setTimes] = useStoredState<boolean>('ferry.deploy.logTimes', (v) => v === true);
  const rowHeight = Math.round(token.fontSizeSM * 1.5);
  // The build does not run React's compiler, which this rule says would skip the component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const rows = useVirtualizer({
    count: view.count,
    getScrollElement: () => box.current,
    estimateSize: () => rowHeight,
    overscan: 20,
  });

  useLayoutEffect(() => {
    const el = box.current;
    if (follow && el) el.scrollTop = el.scrollHeight;
  }, [view, follow, rows]);

  const onScroll = () => {
    const el = box.current;
    if (el) setFollow(el.scrollHeight - el.scrollTop - el.clientHeight < 24);
  };
  const serverOf = (id: number) => (id ? (serverNames.get(id) ?? `#${id}`) : undefined);
  const note = (text: string) => <div style={{ color: DIM }}>{text}</div>;
  const row = (i: number) => {
    const l = view.at(i);
    return (
      <Row line={l.line} server={serverOf(l.serverId)} time={times ? lineTime(l.at) : undefined} />
    );
  };
  const items = rows.getVirtualItems();
  const first = Math.max(0, view.count - UNMEASURED_ROWS);

  return (
    <Flex vertical gap={8}>
      <LogToolbar
        view={view}
        following={follow}
        onFollow={() => setFollow(true)}
        times={times}
        onTimes={setTimes}
      />
      <div
        ref={box}
        role="log"
        aria-label={t('log.label')}
        onScroll={onScroll}
        style={{
          height: 'min(60vh, 560px)',
          overflow: 'auto',
          padding: '8px 12px',
          background: LOG_BACKGROUND,
          color: LOG_TEXT,
          fontFamily: token.fontFamilyCode,
          fontSize: token.fontSizeSM,
          lineHeight: 1.5,
          borderRadius: token.borderRadius,
          // Told apart from the drawer behind it in the dark theme too.
          border: `1px solid ${token.colorBorder}`,
        }}
      >
        {truncated || view.dropped > 0 ? note(t('log.earlierHidden')) : null}
        {items.length > 0 ? (
          <div style={{ height: rows.getTotalSize(), position: 'relative' }}>
            {items.map((v) => (
              <div
                key={view.dropped + v.index}
                data-index={v.index}
                ref={rows.measureElement}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  transform: `translateY(${v.start}px)`,
                }}
              >
                {row(v.index)}
              </div>
            ))}
          </div>
        ) : (
          Array.from({ length: view.count - first }, (_, k) => (
            <div key={view.dropped + first + k}>{row(first + k)}</div>
          ))
        )}
        {loading ? <Spin size="small" /> : null}
        {pruned ? note(t('log.pruned')) : null}
        {!loading && !pruned && view.count === 0 ? note(t('log.empty')) : null}
      </div>
    </Flex>
  );
}
