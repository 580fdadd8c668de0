import { authRoutes } from '@ferry/contract/client';
import { useState } from 'react';
import { call } from '../../../api/call';
import { mediaLoginRedirect } from '../utils/mediaLoginParams';
import { oidcCallbackOf } from '../utils/oidcLoginParams';
import { useAddressLogin, type AddressLoginState } from './useAddressLogin';

/** The provider's answer leaves the address bar at once: it is not for the history. */
function signIn(callback: string) {
  window.history.replaceState(window.history.state, '', '/login');
  return call(authRoutes.oidcLogin, { callback }, { silent: true });
}

/**
 * Finishes an OpenID Connect sign-in once when the console's callback sent the browser here
 * (`/login#oidc=…`), then opens the page asked for before the round trip.
 */
export function useOidcLogin(): AddressLoginState {
  const [callback] = useState(() => oidcCallbackOf(window.location.hash));
  const [redirect] = useState(() => (callback ? mediaLoginRedirect.take() : undefined));
  return useAddressLogin(callback, signIn, redirect);
}
