import type { RunServerRow } from '@ferry/contract/client';
import { useMemo } from 'react';
import { outputOf } from '../../../ui/run/paneOutput';
import { ServerOutput } from '../../../ui/run/ServerOutput';

/** A server's recorded output in a run of the history. */
export function RunServerOutput({ server }: { server: RunServerRow }) {
  const output = useMemo(() => outputOf(server.output), [server.output]);
  return (
    <ServerOutput
      serverName={server.serverName}
      output={output}
      ended={server.state !== 'running' && server.state !== 'queued'}
      error={server.state === 'ok' ? '' : server.error}
      maxHeight={320}
    />
  );
}
