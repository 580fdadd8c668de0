import * as oidc from 'openid-client';
import type { OidcConfig } from '../../config-oidc.js';

/** The provider could not be asked: unreachable, timed out, or its discovery document is unusable. */
export class OidcUnavailableError extends Error {}

/** The provider, or the checks of its answer, refused the sign-in (the login log gets why). */
export class OidcRefusedError extends Error {
  constructor(
    message: string,
    /** The provider's error code, or the check that failed, for the login log. */
    readonly detail: string,
  ) {
    super(message);
  }
}

/** What a started sign-in must find again when the provider sends the browser back. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
}

/** What the provider says of the member: its subject and the claims Ferry reads. */
export interface OidcMember {
  issuer: string;
  subject: string;
  claims: Record<string, unknown>;
}

const TIMEOUT_SECONDS = 10;

/**
 * An OpenID Connect relying party on `openid-client`: the authorization code flow with PKCE,
 * `state` and `nonce`; the ID token's signature, issuer, audience and expiry checked by the
 * library. The provider's discovery document is read at the first need and kept; a provider that
 * does not answer is asked again at the next sign-in, so the console starts without it.
 */
export function createOidcClient(config: OidcConfig) {
  let discovered: Promise<oidc.Configuration> | undefined;
  // The configuration accepts an http:// issuer on a loopback address only (a local provider).
  const insecure = new URL(config.issuer).protocol === 'http:';

  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(new URL(config.issuer), config.clientId, config.clientSecret, undefined, {
        timeout: TIMEOUT_SECONDS,
        // SECURITY: the ID token's signature is checked against the provider's keys, also when it
        // comes straight from the token endpoint (where the library would otherwise trust TLS).
        execute: [
          oidc.enableNonRepudiationChecks,
          ...(insecure ? [oidc.allowInsecureRequests] : []),
        ],
      })
      .catch((err: unknown) => {
        discovered = undefined;
        throw new OidcUnavailableError(`${config.issuer} discovery failed: ${reasonOf(err)}`);
      });
    return discovered;
  }

  return {
    /** Reads the discovery document ahead of the first sign-in; a failure is only reported. */
    async warm(): Promise<void> {
      await configuration();
    },

    /** The provider's authorize address for a new sign-in, and what its return must match. */
    async start(): Promise<{ url: string; pending: PendingSignIn }> {
      const c = await configuration();
      const pending = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(c, {
        redirect_uri: config.redirectUri,
        scope: config.scopes.join(' '),
        response_type: 'code',
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, pending };
    },

    /**
     * Exchanges the code of the provider's answer (`query`, as it came to the callback) for the
     * member's claims, checking state, PKCE, nonce and the ID token. Claims the ID token lacks
     * (the account, the groups) are read from the userinfo endpoint, for the same subject.
     */
    async finish(query: string, pending: PendingSignIn): Promise<OidcMember> {
      const c = await configuration();
      const current = new URL(config.redirectUri);
      current.search = query;
      let tokens;
      try {
        tokens = await oidc.authorizationCodeGrant(c, current, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
      } catch (err) {
        throw refusalOf(err, config.issuer);
      }
      const idClaims = tokens.claims();
      if (!idClaims) throw new OidcRefusedError('The provider gave no ID token', 'no_id_token');
      const claims: Record<string, unknown> = { ...idClaims };
      const lacking = [config.accountClaim, config.groupsClaim].some((k) => !(k in claims));
      if (lacking && c.serverMetadata().userinfo_endpoint) {
        try {
          const info = await oidc.fetchUserInfo(c, tokens.access_token, idClaims.sub);
          for (const [k, v] of Object.entries(info)) if (!(k in claims)) claims[k] = v;
        } catch (err) {
          throw refusalOf(err, config.issuer);
        }
      }
      return { issuer: idClaims.iss, subject: idClaims.sub, claims };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;

/**
 * The words of a failure, never a token or a code (the library's messages carry neither): its
 * message, its cause's, and the claim a failed comparison names.
 */
function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return 'unknown error';
  const cause = err.cause as { message?: unknown; claim?: unknown } | undefined;
  const causeText = cause instanceof Error ? `: ${cause.message}` : '';
  const claim = typeof cause?.claim === 'string' ? ` (${cause.claim})` : '';
  return `${err.message}${claim}${causeText}`;
}

/** A failed exchange as a refusal (the provider said no, a check failed) or unavailability. */
function refusalOf(err: unknown, issuer: string): Error {
  if (err instanceof oidc.AuthorizationResponseError || err instanceof oidc.ResponseBodyError) {
    const description = err.error_description ? `: ${err.error_description}` : '';
    return new OidcRefusedError(
      `The provider refused the sign-in (${err.error}${description})`,
      err.error,
    );
  }
  if (err instanceof oidc.ClientError) {
    if (err.code === 'OAUTH_TIMEOUT' || err.cause instanceof TypeError) {
      return new OidcUnavailableError(`${issuer} did not answer: ${reasonOf(err)}`);
    }
    return new OidcRefusedError(
      `The provider's answer failed a check: ${reasonOf(err)}`,
      err.code ?? 'check_failed',
    );
  }
  if (err instanceof TypeError || (err instanceof Error && err.name === 'TimeoutError')) {
    return new OidcUnavailableError(`${issuer} did not answer: ${reasonOf(err)}`);
  }
  return err instanceof Error ? err : new Error(String(err));
}
