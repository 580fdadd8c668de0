import { TraceType } from '@ferry/contract/client';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TraceRow } from '../utils/DeployRow';
import { traceExt } from '../utils/traceRows';
import { CommitDetails } from './CommitDetails';
import { OutputBlock } from './OutputBlock';
import { TraceOutput } from './TraceOutput';

/** What one trace row recorded: the scripts queued, the commit pulled, a command or script run. */
export function TraceRowBody({ row }: { row: TraceRow }) {
  const { t } = useTranslation('deploy');
  const ext = traceExt(row);
  const block = (label: string, text: string) => (
    <Flex vertical gap={4}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <OutputBlock text={text} label={label} />
    </Flex>
  );
  return (
    <Flex vertical gap={12}>
      {ext.snapshot ? block(t('trace.snapshot'), ext.snapshot) : null}
      {ext.commit ? <CommitDetails commit={ext.commit} /> : null}
      {ext.commit?.diff ? block(t('trace.diff'), ext.commit.diff) : null}
      {ext.command ? block(t('trace.command'), ext.command) : null}
      {ext.script ? block(t('trace.script'), ext.script) : null}
      {row.detail ? block(t('trace.failure'), row.detail) : null}
      {row.type !== TraceType.queue && row.type !== TraceType.publishFinish ? (
        <TraceOutput id={row.id} />
      ) : null}
    </Flex>
  );
}
