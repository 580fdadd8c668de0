import { HubType, type MonitorRow } from '@ferry/contract/client';
import { useState } from 'react';
import { useHubFrame } from '../../../api/hub/useHubFrame';
import { frameState, newerState, rowState, type LiveState } from './liveState';

/** The monitor's state as the row gave it, kept current by hub frame 15 while shown. */
export function useLiveState(monitor: MonitorRow): LiveState {
  const [frame, setFrame] = useState<ReturnType<typeof frameState>>();
  useHubFrame(HubType.monitorState, (message) => {
    const state = frameState(message);
    if (state?.monitorId === monitor.id) setFrame(state);
  });
  return newerState(rowState(monitor), frame?.monitorId === monitor.id ? frame : undefined);
}
