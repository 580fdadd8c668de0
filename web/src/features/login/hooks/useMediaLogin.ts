import { authRoutes } from '@ferry/contract/client';
import { useState } from 'react';
import { call } from '../../../api/call';
import {
  mediaLoginParams,
  mediaLoginRedirect,
  mediaRedirectUri,
  type MediaLoginParams,
  type MediaProvider,
} from '../utils/mediaLoginParams';
import { useAddressLogin } from './useAddressLogin';

export type MediaLoginState =
  | { status: 'none' }
  | { status: 'running'; provider: MediaProvider }
  | { status: 'failed'; provider: MediaProvider; error: string };

/** The code leaves the address bar at once: it is not for the history. */
function signIn(params: MediaLoginParams) {
  window.history.replaceState(window.history.state, '', '/login');
  return call(
    authRoutes.mediaLogin,
    { authCode: params.authCode, state: params.state, redirectUri: mediaRedirectUri() },
    { silent: true },
  );
}

/**
 * Finishes a DingTalk or Feishu sign-in once when the provider sent the browser back here
 * (`/login?code=…&state=…`), then opens the page asked for before the round trip.
 */
export function useMediaLogin(): MediaLoginState {
  const [params] = useState(() => mediaLoginParams(window.location.search));
  const [redirect] = useState(() => (params ? mediaLoginRedirect.take() : undefined));
  const state = useAddressLogin(params, signIn, redirect);
  if (!params || state.status === 'none') return { status: 'none' };
  return { ...state, provider: params.provider };
}
