import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import http from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './sshd-fleet.js';

/** A member as the provider knows them: the claims it gives for their login. */
export interface OidcTestMember {
  preferred_username?: string;
  name?: string;
  email?: string;
  groups?: string[];
}

export const OIDC_CLIENT = { id: 'ferry-console', secret: 'oidc-client-secret-5b8e' };
/** A second client of the same provider, whose codes Ferry must not take. */
export const OTHER_CLIENT = { id: 'other-app', secret: 'other-client-secret-77aa' };

/**
 * The certified OpenID provider (`oidc-provider`) on a loopback port, with the console as its
 * client (PKCE required) and members by login (`members`, changed at will between sign-ins).
 * Its own development login and consent pages are on: a browser signs in there, and
 * `signInAt` walks them as a browser would for the integration tests.
 */
export async function startOidcProvider(redirectUri: string, port?: number) {
  const listenPort = port ?? (await freePort());
  const issuer = `http://127.0.0.1:${listenPort}`;
  const members = new Map<string, OidcTestMember>();
  // A signing key of its own: the provider's quick-start keys are for its own demos.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), alg: 'RS256', use: 'sig' }] },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    clients: [OIDC_CLIENT, OTHER_CLIENT].map((c) => ({
      client_id: c.id,
      client_secret: c.secret,
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    pkce: { required: () => true },
    scopes: ['openid', 'profile', 'email', 'groups'],
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username'],
      email: ['email'],
      groups: ['groups'],
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['ferry-test-cookie-key'] },
    findAccount: (_ctx, sub) => {
      const member = members.get(sub);
      if (!member) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...members.get(sub) }) };
    },
  });
  const handle = provider.callback();
  /** Rewrites the next token answer's ID token (a forged one, for the refusal tests). */
  let tamper: ((idToken: string) => string) | undefined;
  const server = http.createServer((req, res) => {
    if (tamper && req.url?.startsWith('/token')) interceptToken(res, tamper);
    tamper = req.url?.startsWith('/token') ? undefined : tamper;
    void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  return {
    issuer,
    port: listenPort,
    members,
    /** The next token answer carries `forge(its ID token)` instead. */
    tamperNextIdToken(forge: (idToken: string) => string) {
      tamper = forge;
    },
    /** An ID token like `real` with `changes`, signed with the provider's key (or `alg: none`). */
    forgeIdToken(
      real: string,
      changes: Record<string, unknown>,
      how: 'signed' | 'unsigned' | KeyObject = 'signed',
    ) {
      return forgedJwt(real, changes, how === 'signed' ? privateKey : how);
    },
    /** The console's `FERRY_OIDC_*` for this provider. */
    env: (extra: Record<string, string> = {}) => ({
      FERRY_OIDC_ISSUER: issuer,
      FERRY_OIDC_CLIENT_ID: OIDC_CLIENT.id,
      FERRY_OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
      FERRY_OIDC_SCOPES: 'openid profile email groups',
      ...extra,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type OidcTestProvider = Awaited<ReturnType<typeof startOidcProvider>>;

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** A JWT like `real` with its claims changed, signed RS256 with `key`, or unsigned. */
function forgedJwt(real: string, changes: Record<string, unknown>, key: KeyObject | 'unsigned') {
  const [head, body] = real.split('.');
  const header = JSON.parse(Buffer.from(head ?? '', 'base64url').toString()) as object;
  const claims = {
    ...(JSON.parse(Buffer.from(body ?? '', 'base64url').toString()) as object),
    ...changes,
  };
  if (key === 'unsigned') return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
  const input = `${b64url(header)}.${b64url(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

/** Holds back the provider's token answer and sends it with its ID token rewritten. */
function interceptToken(res: http.ServerResponse, rewrite: (idToken: string) => string) {
  const chunks: Buffer[] = [];
  const end = res.end.bind(res);
  res.write = ((chunk: Buffer | string) => {
    chunks.push(Buffer.from(chunk));
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: Buffer | string) => {
    if (chunk) chunks.push(Buffer.from(chunk));
    const answer = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { id_token?: string };
    if (answer.id_token) answer.id_token = rewrite(answer.id_token);
    const text = JSON.stringify(answer);
    res.setHeader('content-length', Buffer.byteLength(text));
    return end(text);
  }) as typeof res.end;
}

/** A browser's cookie jar for one host: what Set-Cookie gave, sent back on each request. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    take(res: Response) {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair?.indexOf('=') ?? -1;
        if (!pair || eq < 0) continue;
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

/** The action of the page's form, and its hidden fields. */
function formOf(html: string, base: string) {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form on the provider's page: ${html.slice(0, 300)}`);
  const fields = new URLSearchParams();
  for (const m of html.matchAll(
    /<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g,
  )) {
    fields.set(m[1] ?? '', m[2] ?? '');
  }
  return { url: new URL(action.replaceAll('&amp;', '&'), base).href, fields };
}

/**
 * Walks the provider's own pages from `authorizeUrl` as a browser does: signs in as `login`
 * (any password: the development login page checks none), consents, and answers the address the
 * provider sent the browser back to (the console's callback, with `code` and `state`). Stops
 * at the first address starting with `redirectUri`.
 */
export async function signInAt(authorizeUrl: string, redirectUri: string, login: string) {
  const jar = cookieJar();
  let url = authorizeUrl;
  let method: 'GET' | 'POST' = 'GET';
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.startsWith(redirectUri)) return url;
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body: body.toString() } : {}),
    });
    jar.take(res);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    if (res.status >= 400)
      throw new Error(`the provider answered ${res.status}: ${html.slice(0, 300)}`);
    const form = formOf(html, url);
    if (/name="login"/.test(html)) {
      form.fields.set('login', login);
      form.fields.set('password', 'any');
    }
    url = form.url;
    method = 'POST';
    body = form.fields;
  }
  throw new Error('the provider sent the browser round in circles');
}
