import { describe, expect, it } from 'vitest';
import { scrubText } from './http/logger-options.js';
import { ADDRESS_NAMES, redact, redactHeaders, redactUrl, SECRET_NAMES } from './redact.js';

/** Field names that must never reach a log, with the entry of the list that catches each. */
const EXAMPLES: Record<string, string[]> = {
  [String(SECRET_NAMES[0])]: ['password', 'newPassword', 'passphrase'],
  [String(SECRET_NAMES[1])]: ['oldPwd', 'newPwd'],
  [String(SECRET_NAMES[2])]: ['secret', 'secretKey', 'clientSecret'],
  [String(SECRET_NAMES[3])]: [
    'token',
    'goploy_token',
    'X-Gitlab-Token',
    'X-Gitee-Token',
    'X-Codeup-Token',
  ],
  [String(SECRET_NAMES[4])]: ['privateKey', 'private_key'],
  [String(SECRET_NAMES[5])]: ['apiKey', 'api_key', 'X-API-KEY'],
  [String(SECRET_NAMES[6])]: ['captchaKey', 'captcha_key'],
  [String(SECRET_NAMES[7])]: ['authorization', 'Authorization'],
  [String(SECRET_NAMES[8])]: ['cookie', 'set-cookie'],
  [String(SECRET_NAMES[9])]: ['sign', 'signature', 'x-hub-signature-256'],
};

/** Fields holding a notification address, with the entry of the list that catches each. */
const ADDRESS_EXAMPLES: Record<string, string[]> = {
  [String(ADDRESS_NAMES[0])]: ['notifyTarget', 'notify_target', 'NotifyTarget'],
};

const TOKEN = '1f0c7d2b9e8a4c6f5d3b2a1908e7c6d5b4a3928170f6e5d4c3b2a19087f6ab12';
const HOOK_ID = '2b6a4d1e-93c8-4f7a-b5e2-0c9d8e7fcd34';
const DINGTALK = `https://oapi.dingtalk.com/robot/send?access_token=${TOKEN}`;
const FEISHU = `https://open.feishu.cn/open-apis/bot/v2/hook/${HOOK_ID}`;
const WECOM = `https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=${HOOK_ID}`;

describe('the redaction list', () => {
  it('has an example for every entry, and each example is caught by its own entry', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(SECRET_NAMES.map(String).sort());
    for (const pattern of SECRET_NAMES) {
      for (const name of EXAMPLES[String(pattern)]!) expect(pattern.test(name), name).toBe(true);
    }
  });

  it('redacts every example in bodies, nested objects and arrays', () => {
    for (const name of Object.values(EXAMPLES).flat()) {
      expect(redact({ [name]: 'v4lue' }), name).toEqual({ [name]: '***' });
      expect(redact({ list: [{ inner: { [name]: 'v4lue' } }] }), name).toEqual({
        list: [{ inner: { [name]: '***' } }],
      });
    }
    // What a user must still be able to read in the operation log.
    expect(redact({ name: 'web', account: 'alice', design: 'x', signIn: 1 })).toEqual({
      name: 'web',
      account: 'alice',
      design: 'x',
      signIn: 1,
    });
    // An empty value shows that none was sent.
    expect(redact({ password: '' })).toEqual({ password: '' });
  });

  it('redacts secret query parameters in URLs, escaped names included', () => {
    expect(redactUrl('/ws/connect?token=abc&G-N-ID=1')).toBe('/ws/connect?token=***&G-N-ID=1');
    expect(redactUrl('/ws/xterm?serverId=3&rows=30&goploy_token=abc')).toBe(
      '/ws/xterm?serverId=3&rows=30&goploy_token=***',
    );
    expect(redactUrl('/user/info?X-API-KEY=k3y')).toBe('/user/info?X-API-KEY=***');
    expect(redactUrl('/user/info?X%2DAPI%2DKEY=k3y')).toBe('/user/info?X%2DAPI%2DKEY=***');
    expect(redactUrl('/deploy/webhook?project_id=1&sign=s1g')).toBe(
      '/deploy/webhook?project_id=1&sign=***',
    );
    // SVN's post-commit hook sends the webhook secret as `token`.
    expect(redactUrl('/deploy/webhook?project_id=1&token=s3cr3t')).toBe(
      '/deploy/webhook?project_id=1&token=***',
    );
    expect(redactUrl('/user/info')).toBe('/user/info');
    expect(redactUrl('/user/info?flag')).toBe('/user/info?flag');
  });

  it('redacts an OAuth code in an address, and only there', () => {
    expect(redactUrl('/user/oidcCallback?code=c0de&state=s7&iss=x')).toBe(
      '/user/oidcCallback?code=***&state=s7&iss=x',
    );
    expect(redactUrl('/login?authCode=c0de&state=dingtalk.n')).toBe(
      '/login?authCode=***&state=dingtalk.n',
    );
    // In a body, `code` is the envelope's answer code.
    expect(redact({ code: 0, data: null })).toEqual({ code: 0, data: null });
  });

  it('redacts secret headers and secret pairs inside error texts', () => {
    expect(
      redactHeaders({ cookie: 'goploy_token=a', 'x-api-key': 'k', 'user-agent': 'curl' }),
    ).toEqual({ cookie: '***', 'x-api-key': '***', 'user-agent': 'curl' });
    expect(scrubText('GET /ws/connect?token=abc&G-N-ID=1 failed')).toBe(
      'GET /ws/connect?token=***&G-N-ID=1 failed',
    );
  });

  it('has an example for every address entry, each caught by its own entry', () => {
    expect(Object.keys(ADDRESS_EXAMPLES).sort()).toEqual(ADDRESS_NAMES.map(String).sort());
    for (const pattern of ADDRESS_NAMES) {
      for (const name of ADDRESS_EXAMPLES[String(pattern)]!) {
        expect(pattern.test(name), name).toBe(true);
      }
    }
    // A monitor's check target is no notification address: it stays readable.
    expect(ADDRESS_NAMES.some((p) => p.test('target'))).toBe(false);
  });

  it('masks the secret parts of notification addresses in bodies, keeping the host', () => {
    for (const name of Object.values(ADDRESS_EXAMPLES).flat()) {
      expect(redact({ list: [{ [name]: DINGTALK }] }), name).toEqual({
        list: [{ [name]: 'https://oapi.dingtalk.com/robot/send?access_token=••••ab12' }],
      });
    }
    expect(redact({ notifyTarget: FEISHU, notify_target: WECOM })).toEqual({
      notifyTarget: 'https://open.feishu.cn/open-apis/bot/v2/hook/••••cd34',
      notify_target: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=••••cd34',
    });
    expect(redact({ notifyTarget: { url: FEISHU } })).toEqual({ notifyTarget: '***' });
    expect(redact({ notifyTarget: '' })).toEqual({ notifyTarget: '' });
  });

  it('masks notification addresses in query strings and in error texts', () => {
    const logged = redactUrl(`/monitor/add?name=x&notifyTarget=${encodeURIComponent(DINGTALK)}`);
    expect(logged).not.toContain(TOKEN.slice(0, -4));
    expect(decodeURIComponent(logged)).toBe(
      '/monitor/add?name=x&notifyTarget=https://oapi.dingtalk.com/robot/send?access_token=••••ab12',
    );
    expect(redactUrl('/monitor/add?notifyTarget=%E0%A4%A')).toBe('/monitor/add?notifyTarget=***');
    for (const address of [DINGTALK, FEISHU, WECOM]) {
      const text = scrubText(
        `request to ${address} failed; notifyTarget=${encodeURIComponent(address)}`,
      );
      expect(text, address).not.toContain(HOOK_ID.slice(0, -4));
      expect(text, address).not.toContain(TOKEN.slice(0, -4));
      expect(text, address).toContain(new URL(address).host);
    }
  });
});
