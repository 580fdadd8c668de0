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

/** A project's frames split at a moment (the list's last load). */
export interface ProjectFrames {
  /** Received since: they replace what the list said. */
  recent: DeployProgressMessage[];
  /** Received before: the list reflects them, but for the stage, which it does not know. */
  earlier: DeployProgressMessage[];
}

/**
 * Collects the type-1 hub frames (deploy progress) while the page is open. Answers a project's
 * frames split at a moment (the list's last load): older ones the list already reflects.
 */
export function useDeployFrames(): (projectId: number, since: number) => ProjectFrames {
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
    (projectId, since) => {
      const received = frames.get(projectId) ?? [];
      return {
        recent: received.filter((f) => f.at >= since).map((f) => f.message),
        earlier: received.filter((f) => f.at < since).map((f) => f.message),
      };
    },
    [frames],
  );
}
