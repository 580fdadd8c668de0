import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A member as the provider knows them: who a code stands for. */
export interface ProviderMember {
  mobile: string;
  name: string;
  /** In the company (DingTalk) or the app's tenant (Feishu). Default true. */
  inCompany?: boolean;
}

/** What the console sent, to check what it did (and that no secret went elsewhere). */
export interface ProviderRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export const DINGTALK_APP = { key: 'dingappkey1', secret: 'ding-app-secret-9f2c' };
export const FEISHU_APP = { id: 'cli_feishu1', secret: 'feishu-app-secret-7d1e' };

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  res.end(JSON.stringify(body));
};

const requestId = () => randomBytes(6).toString('hex');

/**
 * Local stand-ins of DingTalk's and Feishu's sign-in endpoints, answering as their documentation
 * describes, errors included: a code is issued for a member (`codeFor`), works once and for the
 * app it was issued to; tokens are opaque and checked. `failNext` makes the next answer of a path
 * a provider error.
 */
export async function startMediaStandIns() {
  const requests: ProviderRequest[] = [];
  const codes = new Map<string, { provider: 'dingtalk' | 'feishu'; member: ProviderMember }>();
  const userTokens = new Map<string, ProviderMember>();
  const appTokens = new Set<string>();
  const failures = new Map<string, number>();
  /** DingTalk's company: the mobile numbers of its members. */
  const company = new Set<string>();

  function dingtalk(path: string, req: ProviderRequest, res: http.ServerResponse) {
    const json = (req.body ? JSON.parse(req.body) : {}) as Record<string, string>;
    const newError = (status: number, code: string, message: string) =>
      send(res, status, { requestid: requestId(), code, message });
    if (path === '/v1.0/oauth2/userAccessToken' && req.method === 'POST') {
      if (json.clientId !== DINGTALK_APP.key || json.clientSecret !== DINGTALK_APP.secret) {
        return newError(400, 'invalidClientIdOrSecret', '无效的clientId或者clientSecret');
      }
      const issued = codes.get(json.code ?? '');
      if (!issued || issued.provider !== 'dingtalk' || json.grantType !== 'authorization_code') {
        return newError(400, 'invalidAuthCode', '不合法的临时授权码');
      }
      codes.delete(json.code ?? '');
      const token = randomBytes(12).toString('hex');
      userTokens.set(token, issued.member);
      return send(res, 200, {
        accessToken: token,
        refreshToken: randomBytes(12).toString('hex'),
        expireIn: 7200,
        corpId: 'ding-corp-1',
      });
    }
    if (path === '/v1.0/contact/users/me' && req.method === 'GET') {
      const member = userTokens.get(String(req.headers['x-acs-dingtalk-access-token'] ?? ''));
      if (!member) return newError(401, 'InvalidAuthentication', '不合法的access_token');
      return send(res, 200, {
        nick: member.name,
        unionId: 'union-' + member.mobile,
        openId: 'open-' + member.mobile,
        mobile: member.mobile,
        stateCode: '86',
      });
    }
    if (path === '/v1.0/oauth2/accessToken' && req.method === 'POST') {
      if (json.appKey !== DINGTALK_APP.key || json.appSecret !== DINGTALK_APP.secret) {
        return newError(400, 'invalidClientIdOrSecret', '无效的appKey或者appSecret');
      }
      const token = randomBytes(12).toString('hex');
      appTokens.add(token);
      return send(res, 200, { accessToken: token, expireIn: 7200 });
    }
    if (path === '/topapi/v2/user/getbymobile' && req.method === 'POST') {
      const token = new URL(req.url, 'http://x').searchParams.get('access_token') ?? '';
      const oldError = (errcode: number, errmsg: string) =>
        send(res, 200, { errcode, errmsg, request_id: requestId() });
      if (!appTokens.has(token)) return oldError(40014, '不合法的access_token');
      if (!company.has(json.mobile ?? '')) return oldError(60121, '找不到该用户');
      return send(res, 200, {
        errcode: 0,
        errmsg: 'ok',
        result: { userid: 'user-' + json.mobile },
        request_id: requestId(),
      });
    }
    return newError(404, 'NotFound', 'not found');
  }

  function feishu(path: string, req: ProviderRequest, res: http.ServerResponse) {
    const oauthError = (status: number, error: string, description: string) =>
      send(res, status, { error, error_description: description });
    if (path === '/suite/passport/oauth/token' && req.method === 'POST') {
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return oauthError(400, 'invalid_request', 'content type must be form urlencoded');
      }
      const form = new URLSearchParams(req.body);
      if (
        form.get('client_id') !== FEISHU_APP.id ||
        form.get('client_secret') !== FEISHU_APP.secret
      ) {
        return oauthError(400, 'invalid_client', 'client authentication failed');
      }
      const code = form.get('code') ?? '';
      const issued = codes.get(code);
      if (
        !issued ||
        issued.provider !== 'feishu' ||
        form.get('grant_type') !== 'authorization_code'
      ) {
        return oauthError(400, 'invalid_grant', 'the code is invalid or expired');
      }
      codes.delete(code);
      const token = 'u-' + randomBytes(12).toString('hex');
      userTokens.set(token, issued.member);
      return send(res, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 6900,
        refresh_token: 'ur-' + randomBytes(8).toString('hex'),
        refresh_expires_in: 2_592_000,
      });
    }
    if (path === '/suite/passport/oauth/userinfo' && req.method === 'GET') {
      const auth = String(req.headers.authorization ?? '');
      const member = userTokens.get(auth.replace(/^Bearer /, ''));
      if (!member) return oauthError(401, 'invalid_token', 'the access token is invalid');
      const inTenant = member.inCompany !== false;
      return send(res, 200, {
        sub: 'ou_' + member.mobile,
        name: member.name,
        en_name: member.name,
        open_id: 'ou_' + member.mobile,
        union_id: 'on_' + member.mobile,
        tenant_key: inTenant ? 'tenant-1' : '',
        user_id: inTenant ? 'uid-' + member.mobile : '',
        mobile: member.mobile ? `+86${member.mobile}` : '',
      });
    }
    return oauthError(404, 'not_found', 'not found');
  }

  /** Who "scans the code" on the providers' sign-in pages (a browser test), if anyone. */
  let scanning: ProviderMember | undefined;

  /**
   * The providers' sign-in pages, as a member who scans at once sees them: straight back to
   * `redirect_uri` with a fresh code and the state (DingTalk names the code `authCode`).
   */
  function signInPage(
    provider: 'dingtalk' | 'feishu',
    req: ProviderRequest,
    res: http.ServerResponse,
  ) {
    const q = new URL(req.url, 'http://x').searchParams;
    const back = q.get('redirect_uri');
    if (!scanning || !back) return send(res, 400, { error: 'nobody scans the code' });
    const code = issue(provider, scanning);
    const to = new URL(back);
    to.searchParams.set(provider === 'dingtalk' ? 'authCode' : 'code', code);
    to.searchParams.set('state', q.get('state') ?? '');
    res.writeHead(302, { location: to.toString() });
    res.end();
  }

  function issue(provider: 'dingtalk' | 'feishu', member: ProviderMember): string {
    const code = randomBytes(10).toString('hex');
    codes.set(code, { provider, member });
    if (provider === 'dingtalk' && member.inCompany !== false) company.add(member.mobile);
    return code;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen: ProviderRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(seen);
      const path = new URL(seen.url, 'http://x').pathname;
      const failing = failures.get(path) ?? 0;
      if (failing > 0) {
        failures.set(path, failing - 1);
        if (path.startsWith('/suite/')) {
          return send(res, 500, { code: 20050, message: 'system error, please retry' });
        }
        return send(res, 503, {
          requestid: requestId(),
          code: 'ServiceUnavailable',
          message: '服务暂时不可用',
        });
      }
      if (path === '/oauth2/auth') return signInPage('dingtalk', seen, res);
      if (path === '/suite/passport/oauth/authorize') return signInPage('feishu', seen, res);
      if (path.startsWith('/suite/')) return feishu(path, seen, res);
      return dingtalk(path, seen, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    /** A fresh code the provider would send back for `member` after they scanned. */
    codeFor: issue,
    /** The member who scans the code on the providers' sign-in pages from now on. */
    scannedBy(member: ProviderMember | undefined) {
      scanning = member;
    },
    /** The next answer on `path` is the provider's error. */
    failNext(path: string) {
      failures.set(path, (failures.get(path) ?? 0) + 1);
    },
    /** The console's environment to sign in through these stand-ins. */
    env(): Record<string, string> {
      return {
        FERRY_DINGTALK_APP_KEY: DINGTALK_APP.key,
        FERRY_DINGTALK_APP_SECRET: DINGTALK_APP.secret,
        FERRY_DINGTALK_API_URL: url,
        FERRY_DINGTALK_OAPI_URL: url,
        FERRY_DINGTALK_LOGIN_URL: url,
        FERRY_FEISHU_APP_ID: FEISHU_APP.id,
        FERRY_FEISHU_APP_SECRET: FEISHU_APP.secret,
        FERRY_FEISHU_PASSPORT_URL: url,
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type MediaStandIns = Awaited<ReturnType<typeof startMediaStandIns>>;
