import type { Clock } from '../../core/clock.js';
import type { SecretBox } from '../../core/crypto.js';
import { safeEqual } from '../../core/crypto.js';
import { failed, type AppError } from '../../core/errors.js';
import type { ShortLived } from '../../db/short-lived.js';
import {
  OidcRefusedError,
  OidcUnavailableError,
  type OidcClient,
  type PendingSignIn,
} from '../../infra/oidc/oidc-client.js';
import type { UserAccounts, UserRecord } from '../user/user.api.js';
import type { LoginNote } from './auth.service.js';
import { BREAK_GLASS_USER_ID, OIDC_ORIGIN, type DirectorySignIn } from './directory-sign-in.js';

/** The cookie that binds a sign-in's state, nonce and PKCE verifier to the browser. */
export const OIDC_COOKIE = 'ferry_oidc';
/** How long a started sign-in may take at the provider. */
export const OIDC_COOKIE_SECONDS = 10 * 60;

const ACCOUNT_MAX = 25;

interface SealedPending extends PendingSignIn {
  /** When the sign-in was started, in ms. */
  at: number;
}

/** The claim's groups: a list of strings, or one string; anything else gives none. */
function groupsOf(value: unknown): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (!Array.isArray(value)) return [];
  return value.filter((g): g is string => typeof g === 'string' && g !== '');
}

/**
 * OpenID Connect sign-in (decision 0051): the provider's member is a Ferry user by the account
 * claim, created at first sign-in when one of their groups is mapped and brought in line with
 * the groups at every sign-in (as LDAP). Beyond the library's checks of the ID token: the
 * sign-in must finish in the browser that started it, once, within ten minutes, and the user
 * stays bound to the provider's subject of their first sign-in.
 */
export function createOidcSignIn(deps: {
  client: OidcClient;
  box: SecretBox;
  signIn: DirectorySignIn;
  users: UserAccounts;
  /** States already finished (`short_lived` rows of kind `oidc-state`). */
  usedStates: ShortLived;
  accountClaim: string;
  groupsClaim: string;
  clock: Clock;
}) {
  /** The pending sign-in the cookie holds, if it is one this console sealed and still fresh. */
  function pendingOf(cookie: string | undefined, now: number): SealedPending | undefined {
    if (!cookie) return undefined;
    try {
      const p = JSON.parse(deps.box.open(cookie)) as Partial<SealedPending>;
      const fresh = typeof p.at === 'number' && now - p.at <= OIDC_COOKIE_SECONDS * 1000;
      if (!fresh || !p.state || !p.nonce || !p.verifier) return undefined;
      return { state: p.state, nonce: p.nonce, verifier: p.verifier, at: p.at as number };
    } catch {
      return undefined;
    }
  }

  function unavailable(err: OidcUnavailableError, note: LoginNote): AppError {
    note.detail = err.message;
    return failed(
      'The sign-in provider cannot be reached, please try again later',
      'oidc_provider_unavailable',
    );
  }

  /** The account the claims name, or a refusal saying which claim is missing. */
  function accountOf(claims: Record<string, unknown>, note: LoginNote): string {
    const value = claims[deps.accountClaim];
    const account = typeof value === 'string' ? value.trim() : '';
    if (!account || account.length > ACCOUNT_MAX) {
      note.detail = account
        ? `the ${deps.accountClaim} claim is longer than ${ACCOUNT_MAX} characters`
        : `no ${deps.accountClaim} claim`;
      throw failed(
        'The sign-in provider did not give a usable account name, please ask the administrator',
        'oidc_no_account',
      );
    }
    return account;
  }

  return {
    /** The provider's authorize address, and the sealed cookie binding it to this browser. */
    async start(note: LoginNote): Promise<{ url: string; cookie: string }> {
      try {
        const { url, pending } = await deps.client.start();
        const sealed: SealedPending = { ...pending, at: deps.clock.now() };
        return { url, cookie: deps.box.seal(JSON.stringify(sealed)) };
      } catch (err) {
        if (err instanceof OidcUnavailableError) throw unavailable(err, note);
        throw err;
      }
    },

    /** The member the provider's answer (`callback`, its query string) stands for. */
    async identify(callback: string, cookie: string | undefined, note: LoginNote) {
      const answer = new URLSearchParams(callback.startsWith('?') ? callback.slice(1) : callback);
      const error = answer.get('error');
      if (error) {
        const description = answer.get('error_description') ?? '';
        note.detail = description ? `${error}: ${description}` : error;
        throw failed(
          error === 'access_denied'
            ? 'The sign-in was cancelled at the provider'
            : `The sign-in provider refused the sign-in (${error})`,
          'oidc_provider_refused',
        );
      }
      const now = deps.clock.now();
      const pending = pendingOf(cookie, now);
      // SECURITY: the state must be the one this console gave this browser (login CSRF).
      if (!pending || !safeEqual(answer.get('state') ?? '', pending.state)) {
        note.detail = pending
          ? 'the state does not match'
          : 'no sign-in was started in this browser';
        throw failed(
          'This sign-in was not started in this browser or took too long, please start it again',
          'oidc_state_mismatch',
        );
      }
      // SECURITY: one sign-in per start, on whichever console.
      const fresh = await deps.usedStates.claimOnce(
        pending.state,
        pending.at + OIDC_COOKIE_SECONDS * 1000,
        now,
      );
      if (!fresh) {
        note.detail = 'the state was used already';
        throw failed(
          'This sign-in has been finished already, please start it again',
          'oidc_state_reused',
        );
      }
      let member;
      try {
        member = await deps.client.finish(answer.toString(), pending);
      } catch (err) {
        if (err instanceof OidcUnavailableError) throw unavailable(err, note);
        if (err instanceof OidcRefusedError) {
          note.detail = `${err.detail}: ${err.message}`;
          throw failed('The sign-in provider refused the sign-in', 'oidc_provider_refused');
        }
        throw err;
      }
      const account = accountOf(member.claims, note);
      note.account = account;
      const subject = `${member.issuer} ${member.subject}`;
      const existing = await deps.users.findByAccount(account);
      if (existing?.id === BREAK_GLASS_USER_ID) {
        note.detail = 'the first super manager signs in with the local password only';
        throw failed('This account signs in with its local password only', 'local_only');
      }
      // SECURITY: an account claim can be renamed at the provider; the subject cannot.
      if (existing && existing.oidc_subject && !safeEqual(existing.oidc_subject, subject)) {
        note.detail = `the account is bound to another subject than ${member.subject}`;
        throw failed(
          'This account belongs to another member of the sign-in provider, please ask the administrator',
          'oidc_subject_mismatch',
        );
      }
      const name = member.claims.name;
      let user: UserRecord = await deps.signIn.provision(
        {
          account: existing?.account ?? account,
          name: typeof name === 'string' && name.trim() ? name.trim() : account,
          groups: groupsOf(member.claims[deps.groupsClaim]),
        },
        OIDC_ORIGIN,
      );
      if (!user.oidc_subject) {
        await deps.users.update(user.id, { oidc_subject: subject });
        user = { ...user, oidc_subject: subject };
      }
      return user;
    },
  };
}

export type OidcSignIn = ReturnType<typeof createOidcSignIn>;
