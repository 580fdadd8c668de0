/** DingTalk sign-in (`FERRY_DINGTALK_*`): the app's credentials and the providers' addresses. */
export interface DingtalkConfig {
  appKey: string;
  appSecret: string;
  /** The new API (`v1.0/oauth2/…`, `v1.0/contact/…`). */
  apiUrl: string;
  /** The old API (`topapi/v2/user/getbymobile`: is the member in the company). */
  oapiUrl: string;
  /** Where the browser goes to scan the code (`oauth2/auth`). */
  loginUrl: string;
}

/** Feishu sign-in (`FERRY_FEISHU_*`). */
export interface FeishuConfig {
  appId: string;
  appSecret: string;
  /** The passport (`suite/passport/oauth/authorize`, `…/token`, `…/userinfo`). */
  passportUrl: string;
}

export interface MediaLoginConfig {
  dingtalk: DingtalkConfig | undefined;
  feishu: FeishuConfig | undefined;
}

type Env = Record<string, string | undefined>;

const LOOPBACK = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

/**
 * A provider's address: `https://`, or `http://` on a loopback address only (a local stand-in),
 * since the app secret and the member's tokens travel to it.
 */
export function providerUrl(env: Env, name: string, def: string, problems: string[]): string {
  const text = env[name]?.trim() || def;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  const ok =
    url !== undefined &&
    !url.username &&
    !url.password &&
    (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname)));
  if (!ok) {
    problems.push(`${name} must be an https:// address (http:// only on a loopback address)`);
  }
  return text.replace(/\/+$/, '');
}

/** Both halves of a credential, or neither: one alone is a mistake to name at start. */
function pair(env: Env, id: string, secret: string, problems: string[]) {
  const a = env[id]?.trim() ?? '';
  const b = env[secret] ?? '';
  if (!a && !b) return undefined;
  if (!a || !b) {
    problems.push(`${a ? secret : id} is needed when ${a ? id : secret} is set`);
    return undefined;
  }
  return [a, b] as const;
}

/** `FERRY_DINGTALK_*` and `FERRY_FEISHU_*`: a provider is on when its id and secret are set. */
export function parseMediaLoginConfig(env: Env, problems: string[]): MediaLoginConfig {
  const ding = pair(env, 'FERRY_DINGTALK_APP_KEY', 'FERRY_DINGTALK_APP_SECRET', problems);
  const fei = pair(env, 'FERRY_FEISHU_APP_ID', 'FERRY_FEISHU_APP_SECRET', problems);
  return {
    dingtalk: ding && {
      appKey: ding[0],
      appSecret: ding[1],
      apiUrl: providerUrl(env, 'FERRY_DINGTALK_API_URL', 'https://api.dingtalk.com', problems),
      oapiUrl: providerUrl(env, 'FERRY_DINGTALK_OAPI_URL', 'https://oapi.dingtalk.com', problems),
      loginUrl: providerUrl(
        env,
        'FERRY_DINGTALK_LOGIN_URL',
        'https://login.dingtalk.com',
        problems,
      ),
    },
    feishu: fei && {
      appId: fei[0],
      appSecret: fei[1],
      passportUrl: providerUrl(
        env,
        'FERRY_FEISHU_PASSPORT_URL',
        'https://passport.feishu.cn',
        problems,
      ),
    },
  };
}
