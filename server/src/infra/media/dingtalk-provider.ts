import type { DingtalkConfig } from '../../config-media.js';
import { localMobile, type MediaAnswer, type MediaProvider } from './media-provider.js';
import { askProvider, field, ProviderRefusedError } from './provider-http.js';

/** DingTalk's old API: no such member in the company. */
const NOT_IN_COMPANY = '60121';
/** DingTalk's old API: the app's token is invalid or expired (fetch a new one once). */
const STALE_TOKEN = new Set(['40014', '42001', '88']);

/**
 * DingTalk sign-in as its documentation describes (and goploy does): the code gives a user token
 * (`v1.0/oauth2/userAccessToken`), the user token the member's mobile number
 * (`v1.0/contact/users/me`), and the app's own token confirms the number is a member of the
 * company (`topapi/v2/user/getbymobile`).
 */
export function createDingtalkProvider(config: DingtalkConfig, timeoutMs = 10_000): MediaProvider {
  let appToken: { value: string; until: number } | undefined;

  /** The new API answers errors with an HTTP error status and `{code, message}`. */
  async function api(path: string, init: Parameters<typeof askProvider>[1]) {
    const { status, json } = await askProvider(`${config.apiUrl}${path}`, init, timeoutMs);
    if (status >= 400 || field(json, 'code')) {
      const code = field(json, 'code') || `HTTP ${status}`;
      throw new ProviderRefusedError(field(json, 'message') || code, code);
    }
    return json;
  }

  async function tokenOfApp(): Promise<string> {
    if (appToken && appToken.until > Date.now()) return appToken.value;
    const json = await api('/v1.0/oauth2/accessToken', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appKey: config.appKey, appSecret: config.appSecret }),
    });
    const seconds = Number(json.expireIn) || 7200;
    appToken = { value: field(json, 'accessToken'), until: Date.now() + (seconds - 60) * 1000 };
    return appToken.value;
  }

  /** The old API answers `{errcode, errmsg}`, 0 for success. */
  async function memberIdOf(mobile: string, retried = false): Promise<string | undefined> {
    const url = `${config.oapiUrl}/topapi/v2/user/getbymobile?access_token=${encodeURIComponent(await tokenOfApp())}`;
    const { json } = await askProvider(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile }),
      },
      timeoutMs,
    );
    const errcode = field(json, 'errcode');
    if (errcode === NOT_IN_COMPANY) return undefined;
    if (STALE_TOKEN.has(errcode) && !retried) {
      appToken = undefined;
      return memberIdOf(mobile, true);
    }
    if (errcode !== '0') throw new ProviderRefusedError(field(json, 'errmsg') || errcode, errcode);
    const result = json.result as Record<string, unknown> | undefined;
    return (result && field(result, 'userid')) || undefined;
  }

  return {
    name: 'dingtalk',
    authorizeUrl(redirectUri, state) {
      const q = new URLSearchParams({
        redirect_uri: redirectUri,
        response_type: 'code',
        client_id: config.appKey,
        scope: 'openid',
        prompt: 'consent',
        state,
      });
      return `${config.loginUrl}/oauth2/auth?${q.toString()}`;
    },
    async identify(code): Promise<MediaAnswer> {
      const token = await api('/v1.0/oauth2/userAccessToken', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          clientId: config.appKey,
          clientSecret: config.appSecret,
          code,
          grantType: 'authorization_code',
        }),
      });
      const me = await api('/v1.0/contact/users/me', {
        method: 'GET',
        headers: { 'x-acs-dingtalk-access-token': field(token, 'accessToken') },
      });
      const mobile = localMobile(field(me, 'mobile'));
      if (!mobile) return { ok: false, reason: 'no_mobile' };
      if (!(await memberIdOf(mobile))) return { ok: false, reason: 'not_in_company' };
      return { ok: true, mobile, name: field(me, 'nick') };
    },
  };
}
