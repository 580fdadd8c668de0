import { HubType, type DeployProgressMessage } from '@ferry/contract/client';
import { useCallback, useState } from 'react';
import { useHubFrame } from '../../../api/hub/useHubFrame';
import { asProgressMessage } from '../utils/hubMessages';

interface Received {
  at: number;
  message: DeployProgressMessage;
}

/** Enough frames per project to hold a running deploy and a queue behind it. */
const KEPT_PER_PROJECT = 50;

/**
 * Collects the type-1 hub frames (deploy progress) while the page is open. Answers a project's
 * frames received since a moment (the list's last load): older ones the list already reflects.
 */
export function useDeployFrames(): (projectId: number, since: number) => DeployProgressMessage[] {
  const [frames, setFrames] = useState<ReadonlyMap<number, readonly Received[]>>(new Map());
  useHubFrame(HubType.deployProgress, (raw) => {
    const message = asProgressMessage(raw);
    if (!message) return;
    const at = Date.now();
    setFrames((prev) => {
      const next = new Map(prev);
      const list = [...(prev.get(message.projectId) ?? []), { at, message }];
      next.set(message.projectId, list.slice(-KEPT_PER_PROJECT));
      return next;
    });
  });
  return useCallback(
    (projectId, since) =>
      (frames.get(projectId) ?? []).filter((f) => f.at >= since).map((f) => f.message),
    [frames],
  );
}
