import { CopyOutlined, VerticalAlignBottomOutlined } from '@ant-design/icons';
import { App, Button, Flex, Spin, theme, Typography } from 'antd';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../ui/copyText';
import { plainText } from '../utils/ansi';
import type { LogLine } from '../utils/DeployRow';
import { lastLines } from '../utils/logLines';
import { AnsiText } from './AnsiText';

interface DeployLogPanelProps {
  lines: readonly LogLine[];
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

const Row = memo(function Row({ line, server }: { line: string; server?: string }) {
  return (
    <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', minHeight: '1.5em' }}>
      {server ? <span style={{ color: DIM }}>[{server}] </span> : null}
      <AnsiText text={line} />
    </div>
  );
});

interface LogToolbarProps {
  lines: readonly LogLine[];
  following: boolean;
  onFollow: () => void;
}

/** The line count, a way back to the end once scrolled up, and a copy of the whole output. */
function LogToolbar({ lines, following, onFollow }: LogToolbarProps) {
  const { t } = useTranslation(['deploy', 'common']);
  const { message } = App.useApp();
  const copy = async () => {
    if (await copyText(lines.map((l) => plainText(l.line)).join('\n'))) {
      void message.success(t('common:action.copied'));
    } else void message.error(t('common:action.copyFailed'));
  };
  return (
    <Flex justify="space-between" align="center" gap={8} wrap>
      <Typography.Text type="secondary">
        {t('deploy:log.count', { count: lines.length })}
      </Typography.Text>
      <Flex gap={8}>
        {following ? null : (
          <Button size="small" icon={<VerticalAlignBottomOutlined />} onClick={onFollow}>
            {t('deploy:log.follow')}
          </Button>
        )}
        <Button
          size="small"
          icon={<CopyOutlined />}
          disabled={lines.length === 0}
          onClick={() => void copy()}
        >
          {t('deploy:log.copy')}
        </Button>
      </Flex>
    </Flex>
  );
}

/**
 * The output of a deploy, following its end while the user does not scroll up (a button brings
 * them back). Only the last lines stay on the page, so a huge build does not freeze the browser.
 */
export function DeployLogPanel(props: DeployLogPanelProps) {
  const { lines, loading, truncated, pruned = false, serverNames } = props;
  const { t } = useTranslation('deploy');
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const [follow, setFollow] = useState(true);
  const shown = lastLines(lines);

  useLayoutEffect(() => {
    const el = box.current;
    if (follow && el) el.scrollTop = el.scrollHeight;
  }, [shown.lines, follow]);

  const onScroll = () => {
    const el = box.current;
    if (el) setFollow(el.scrollHeight - el.scrollTop - el.clientHeight < 24);
  };
  const serverOf = (id: number) => (id ? (serverNames.get(id) ?? `#${id}`) : undefined);
  const note = (text: string) => <div style={{ color: DIM }}>{text}</div>;

  return (
    <Flex vertical gap={8}>
      <LogToolbar lines={lines} following={follow} onFollow={() => setFollow(true)} />
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
        }}
      >
        {truncated || shown.dropped > 0 ? note(t('log.earlierHidden')) : null}
        {shown.lines.map((l, i) => (
          <Row key={shown.dropped + i} line={l.line} server={serverOf(l.serverId)} />
        ))}
        {loading ? <Spin size="small" /> : null}
        {pruned ? note(t('log.pruned')) : null}
        {!loading && !pruned && lines.length === 0 ? note(t('log.empty')) : null}
      </div>
    </Flex>
  );
}
