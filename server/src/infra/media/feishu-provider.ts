import type { FeishuConfig } from '../../config-media.js';
import { localMobile, type MediaAnswer, type MediaProvider } from './media-provider.js';
import { askProvider, field, ProviderRefusedError } from './provider-http.js';

/**
 * Feishu sign-in through its passport, as its documentation describes (and goploy does): the
 * code and the same redirect address give a user token (`oauth/token`), the token the member
 * (`oauth/userinfo`): a member of the app's tenant has a `user_id`, and `mobile` when the app
 * may read it.
 */
export function createFeishuProvider(config: FeishuConfig, timeoutMs = 10_000): MediaProvider {
  const oauth = `${config.passportUrl}/suite/passport/oauth`;

  /** The passport answers errors as `{error, error_description}` or `{code, message}`. */
  async function ask(path: string, init: Parameters<typeof askProvider>[1]) {
    const { status, json } = await askProvider(`${oauth}${path}`, init, timeoutMs);
    const error = field(json, 'error') || (Number(json.code) ? field(json, 'code') : '');
    if (status >= 400 || error) {
      const code = error || `HTTP ${status}`;
      const message = field(json, 'error_description') || field(json, 'message') || code;
      throw new ProviderRefusedError(message, code);
    }
    return json;
  }

  return {
    name: 'feishu',
    authorizeUrl(redirectUri, state) {
      const q = new URLSearchParams({
        client_id: config.appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        state,
      });
      return `${oauth}/authorize?${q.toString()}`;
    },
    async identify(code, redirectUri): Promise<MediaAnswer> {
      const token = await ask('/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: config.appId,
          client_secret: config.appSecret,
          code,
          redirect_uri: redirectUri,
        }).toString(),
      });
      const me = await ask('/userinfo', {
        method: 'GET',
        headers: { authorization: `Bearer ${field(token, 'access_token')}` },
      });
      if (!field(me, 'user_id')) return { ok: false, reason: 'not_in_company' };
      const mobile = localMobile(field(me, 'mobile'));
      if (!mobile) return { ok: false, reason: 'no_mobile' };
      return { ok: true, mobile, name: field(me, 'name') };
    },
  };
}
