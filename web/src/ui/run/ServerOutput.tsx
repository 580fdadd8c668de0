import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaneOutput } from './paneOutput';
import { OutputView } from './OutputView';

interface ServerOutputProps {
  serverName: string;
  output: PaneOutput;
  /** Whether the server's part ended: an empty view then says it printed nothing. */
  ended: boolean;
  /** Why it did not succeed; shown under the output. */
  error: string;
  maxHeight: number;
}

/** A server's output, live or recorded, and why it failed when it did. */
export function ServerOutput({ serverName, output, ended, error, maxHeight }: ServerOutputProps) {
  const { t } = useTranslation('script');
  return (
    <Flex vertical gap={6}>
      <OutputView
        output={output}
        label={t('run.outputOf', { name: serverName })}
        emptyText={ended ? t('run.printedNothing') : t('run.noOutput')}
        maxHeight={maxHeight}
      />
      {error ? (
        <Typography.Text type="danger" style={{ fontSize: '0.9em', overflowWrap: 'anywhere' }}>
          {error}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
