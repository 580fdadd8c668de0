import { providerUrl } from './config-media.js';

/** OpenID Connect sign-in (`FERRY_OIDC_*`); undefined when `FERRY_OIDC_ISSUER` is not set. */
export interface OidcConfig {
  /** The provider's issuer, whose discovery document says the rest. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The sign-in button's label ('' lets the login page say "single sign-on"). */
  label: string;
  /** The ID token or userinfo claim holding the member's groups. */
  groupsClaim: string;
  /** The claim that is the member's Ferry account. */
  accountClaim: string;
  /** Asked of the provider; `openid` always among them. */
  scopes: string[];
  /** Where the provider sends the browser back: `FERRY_PUBLIC_URL` + `/user/oidcCallback`. */
  redirectUri: string;
}

type Env = Record<string, string | undefined>;

const CLAIM = /^[A-Za-z0-9_.:/-]{1,100}$/;
const SCOPE = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/** A claim's name from `name`, `def` when unset; a malformed one is named. */
function claimName(env: Env, name: string, def: string, problems: string[]) {
  const text = env[name]?.trim() || def;
  if (!CLAIM.test(text)) problems.push(`${name} must be a claim name (letters, digits, _ . : / -)`);
  return text;
}

/**
 * `FERRY_OIDC_*`: on when the issuer is set, which then needs the client's id and secret and
 * `FERRY_PUBLIC_URL` (the redirect address is the console's own, never the request's).
 */
export function parseOidcConfig(
  env: Env,
  publicUrl: string | undefined,
  problems: string[],
): OidcConfig | undefined {
  if (!env.FERRY_OIDC_ISSUER?.trim()) {
    const stray = ['FERRY_OIDC_CLIENT_ID', 'FERRY_OIDC_CLIENT_SECRET'].filter((n) => env[n]);
    if (stray.length > 0)
      problems.push(`FERRY_OIDC_ISSUER is needed when ${stray.join(' and ')} is set`);
    return undefined;
  }
  const issuer = providerUrl(env, 'FERRY_OIDC_ISSUER', '', problems);
  const clientId = env.FERRY_OIDC_CLIENT_ID?.trim() ?? '';
  const clientSecret = env.FERRY_OIDC_CLIENT_SECRET ?? '';
  if (!clientId) problems.push('FERRY_OIDC_CLIENT_ID is needed when FERRY_OIDC_ISSUER is set');
  if (!clientSecret) {
    problems.push('FERRY_OIDC_CLIENT_SECRET is needed when FERRY_OIDC_ISSUER is set');
  }
  if (!publicUrl) {
    problems.push(
      'FERRY_PUBLIC_URL is needed when FERRY_OIDC_ISSUER is set: the provider sends members back to FERRY_PUBLIC_URL/user/oidcCallback',
    );
  }
  const scopes = (env.FERRY_OIDC_SCOPES?.trim() || 'openid profile email').split(/\s+/);
  if (!scopes.every((s) => SCOPE.test(s))) {
    problems.push('FERRY_OIDC_SCOPES must be scopes separated by spaces');
  }
  const label = env.FERRY_OIDC_NAME?.trim() ?? '';
  if (label.length > 40) problems.push('FERRY_OIDC_NAME must be at most 40 characters');
  return {
    issuer,
    clientId,
    clientSecret,
    label,
    groupsClaim: claimName(env, 'FERRY_OIDC_GROUPS_CLAIM', 'groups', problems),
    accountClaim: claimName(env, 'FERRY_OIDC_ACCOUNT_CLAIM', 'preferred_username', problems),
    scopes: scopes.includes('openid') ? scopes : ['openid', ...scopes],
    redirectUri: `${publicUrl ?? ''}/user/oidcCallback`,
  };
}
