import { HubType, type DeployProgressMessage } from '@ferry/contract/client';
import { useState } from 'react';
import { useHubFrame } from '../../../api/hub/useHubFrame';
import { asProgressMessage } from '../utils/hubMessages';

/** The last type-1 frame (deploy progress) of deploy `token` since mounting. */
export function useTokenFrame(token: string): DeployProgressMessage | undefined {
  const [last, setLast] = useState<DeployProgressMessage>();
  useHubFrame(HubType.deployProgress, (raw) => {
    const m = asProgressMessage(raw);
    if (m?.token === token) setLast(m);
  });
  return last?.token === token ? last : undefined;
}
