import i18next from 'i18next';
import { useEffect } from 'react';
import { IDENTITY_KEY, session } from '../../auth/session';
import { ApiError } from '../ApiError';
import { reportFailure, TOAST_SECONDS } from '../call';
import { feedback } from '../feedback';
import { createHubConnection, type HubEnvironment } from './hubConnection';
import { publishFrame } from './hubFrames';
import { attachHub } from './hubSubscriptions';

function hubUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const ns = encodeURIComponent(String(session.identity().id));
  return `${scheme}://${window.location.host}/ws/connect?${IDENTITY_KEY}=${ns}`;
}

const browser: HubEnvironment = {
  open: (url, events) => {
    const ws = new WebSocket(url);
    ws.binaryType = 'arraybuffer';
    ws.onopen = () => events.opened();
    ws.onmessage = (e: MessageEvent) => events.received(e.data);
    ws.onclose = (e) => events.closed(e.code, e.reason);
    return ws;
  },
  now: () => Date.now(),
  random: () => Math.random(),
  setTimer: (fn, ms) => window.setTimeout(fn, ms),
  clearTimer: (timer) => window.clearTimeout(timer as number),
  askToReconnect: () =>
    new Promise((resolve) => {
      feedback.confirm({
        title: i18next.t('layout:socket.title'),
        content: i18next.t('layout:socket.lost'),
        okText: i18next.t('layout:socket.reconnect'),
        cancelText: i18next.t('common:action.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    }),
  reconnectCancelled: () => feedback.info(i18next.t('layout:socket.cancelled'), TOAST_SECONDS),
  refused: (code, reason) => reportFailure(new ApiError('envelope', code, reason)),
  frame: publishFrame,
};

/** Keeps the `/ws/connect` hub open while the layout is on screen (product.md §4). */
export function useHubSocket(): void {
  useEffect(() => {
    const hub = createHubConnection(hubUrl(), browser);
    const detach = attachHub(hub);
    hub.start();
    return () => {
      detach();
      hub.stop();
    };
  }, []);
}
