import type { RunRow } from '@ferry/contract/client';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RunStateTag } from '../../../ui/run/RunStateTag';

/** How many servers an entry names before `+N`. */
const SHOWN_SERVERS = 4;

/**
 * A run in the history: when, who, what ran (a process run's title), its servers with their
 * states, the counts, and Open.
 */
export function RunHistoryItem({ run, onOpen }: { run: RunRow; onOpen: () => void }) {
  const { t } = useTranslation('script');
  const more = run.servers.length - SHOWN_SERVERS;
  return (
    <Card size="small" styles={{ body: { padding: 10 } }}>
      <Flex vertical gap={6}>
        <Flex align="center" gap={8} wrap>
          <Typography.Text strong>{run.insertTime}</Typography.Text>
          <Typography.Text type="secondary">
            {t('history.by', { name: run.username })}
          </Typography.Text>
          <RunStateTag state={run.state} />
          <Typography.Text type="secondary" style={{ marginInlineStart: 'auto' }}>
            {t('history.counts', { ok: run.okCount, failed: run.failedCount })}
          </Typography.Text>
          <Button
            size="small"
            onClick={onOpen}
            aria-label={t('history.viewRun', { time: run.insertTime })}
          >
            {t('history.view')}
          </Button>
        </Flex>
        {run.title ? <Typography.Text ellipsis>{run.title}</Typography.Text> : null}
        <Flex gap={4} wrap>
          {run.servers.slice(0, SHOWN_SERVERS).map((s) => (
            <RunStateTag key={s.serverId} state={s.state} label={s.serverName} />
          ))}
          {more > 0 ? <Tag>{t('history.more', { count: more })}</Tag> : null}
        </Flex>
      </Flex>
    </Card>
  );
}
