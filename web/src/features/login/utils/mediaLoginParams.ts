/** The providers goploy signs in with, by the name their `state` starts with. */
export type MediaProvider = 'dingtalk' | 'feishu';

/** A provider's answer on the login page: `/login?code=…&state=dingtalk.…` (DingTalk: `authCode`). */
export interface MediaLoginParams {
  provider: MediaProvider;
  authCode: string;
  state: string;
}

const STATE = /^(dingtalk|feishu)\./;

/** Where the web app sends a provider back: its own login page. */
export const mediaRedirectUri = () => `${window.location.origin}/login`;

/** Reads a provider's answer from the raw query string; undefined when there is none. */
export function mediaLoginParams(search: string): MediaLoginParams | undefined {
  const q = new URLSearchParams(search);
  const state = q.get('state') ?? '';
  const authCode = q.get('authCode') ?? q.get('code') ?? '';
  const provider = STATE.exec(state)?.[1] as MediaProvider | undefined;
  if (!provider || !authCode) return undefined;
  return { provider, authCode, state };
}

const REDIRECT_KEY = 'ferry.mediaLoginRedirect';

/**
 * The page to open after a provider's round trip (the login page's `redirect`): DingTalk, Feishu
 * or OpenID Connect.
 */
export const mediaLoginRedirect = {
  keep(redirect: string | undefined) {
    if (redirect) sessionStorage.setItem(REDIRECT_KEY, redirect);
    else sessionStorage.removeItem(REDIRECT_KEY);
  },
  take(): string | undefined {
    const redirect = sessionStorage.getItem(REDIRECT_KEY) ?? undefined;
    sessionStorage.removeItem(REDIRECT_KEY);
    return redirect;
  },
};

/** Leaves the app for the provider's page (an object, so that tests can watch it). */
export const providerPage = {
  open(url: string) {
    window.location.assign(url);
  },
};
