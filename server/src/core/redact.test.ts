import { describe, expect, it } from 'vitest';
import { scrubText } from './http/logger-options.js';
import { redact, redactHeaders, redactUrl, SECRET_NAMES } from './redact.js';

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

  it('redacts secret headers and secret pairs inside error texts', () => {
    expect(
      redactHeaders({ cookie: 'goploy_token=a', 'x-api-key': 'k', 'user-agent': 'curl' }),
    ).toEqual({ cookie: '***', 'x-api-key': '***', 'user-agent': 'curl' });
    expect(scrubText('GET /ws/connect?token=abc&G-N-ID=1 failed')).toBe(
      'GET /ws/connect?token=***&G-N-ID=1 failed',
    );
  });
});
