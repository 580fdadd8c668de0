import { randomBytes } from 'node:crypto';
import { Code } from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import { safeEqual } from '../../core/crypto.js';
import { AppError, failed, invalid } from '../../core/errors.js';
import type { ShortLived } from '../../db/short-lived.js';
import type { MediaProvider } from '../../infra/media/media-provider.js';
import { ProviderRefusedError, ProviderUnavailableError } from '../../infra/media/provider-http.js';
import type { UserAccounts, UserRecord } from '../user/user.api.js';
import type { LoginNote } from './auth.service.js';

/** The cookie that binds a sign-in's `state` to the browser that started it. */
export const MEDIA_STATE_COOKIE = 'ferry_media_state';
/** How long a started DingTalk or Feishu sign-in may take to come back. */
export const MEDIA_STATE_SECONDS = 15 * 60;

const NONCE = /^[0-9a-f]{32}$/;
const STATE = /^(dingtalk|feishu)\.([0-9a-f]{32})$/;
const LABEL = { dingtalk: 'DingTalk', feishu: 'Feishu' } as const;

/**
 * DingTalk and Feishu sign-in, as goploy's `/user/mediaLogin`: the provider's code gives the
 * member's mobile number, which must be exactly one member's `contact`. Beyond goploy: the state
 * carries a nonce bound to the browser (a sign-in started by someone else cannot be finished in
 * your browser), a code is taken once across every console, and the redirect address must be
 * this console's own.
 */
export function createMediaSignIn(deps: {
  providers: readonly MediaProvider[];
  users: UserAccounts;
  /** Codes already used (`short_lived` rows of kind `media-code`). */
  usedCodes: ShortLived;
  /** `FERRY_PUBLIC_URL`: the console's address; undefined: the address the browser used. */
  publicUrl: string | undefined;
  clock: Clock;
}) {
  const byName = new Map(deps.providers.map((p) => [p.name, p]));

  /** The console's own origin: the public URL's, or the one this request came to. */
  const originOf = (requestOrigin: string) => new URL(deps.publicUrl ?? requestOrigin).origin;

  /**
   * Where the provider sends the browser back: `given` if it is an address of this console, its
   * login page when not given. SECURITY: never another site's address.
   */
  function redirectUri(given: string | undefined, requestOrigin: string): string {
    const origin = originOf(requestOrigin);
    if (!given) return `${deps.publicUrl ?? origin}/login`;
    let url: URL | undefined;
    try {
      url = new URL(given);
    } catch {
      url = undefined;
    }
    if (!url || url.origin !== origin || url.username || url.password) {
      throw invalid('redirectUri', `must be an address of this console (${origin})`);
    }
    return url.toString();
  }

  return {
    /** Whether any provider is on (else there is no address to give and no state to bind). */
    anyEnabled: byName.size > 0,

    /** The browser's nonce if it holds a well-formed one, else a new one to set. */
    nonceFor(cookie: string | undefined): { nonce: string; fresh: boolean } {
      if (cookie && NONCE.test(cookie)) return { nonce: cookie, fresh: false };
      return { nonce: randomBytes(16).toString('hex'), fresh: true };
    },

    /** Each enabled provider's authorize address ('' for one that is off). */
    urls(nonce: string, given: string | undefined, requestOrigin: string) {
      const back = redirectUri(given, requestOrigin);
      const url = (name: MediaProvider['name']) =>
        byName.get(name)?.authorizeUrl(back, `${name}.${nonce}`) ?? '';
      return { dingtalk: url('dingtalk'), feishu: url('feishu') };
    },

    /** The member the code stands for, or a refusal saying why (the login log gets more). */
    async identify(
      input: { authCode: string; state: string; redirectUri: string },
      cookie: string | undefined,
      requestOrigin: string,
      note: LoginNote,
    ): Promise<UserRecord> {
      const state = STATE.exec(input.state);
      const provider = state ? byName.get(state[1] as MediaProvider['name']) : undefined;
      if (state && !provider) {
        note.provider = state[1] as MediaProvider['name'];
        throw failed(`${LABEL[note.provider]} sign-in is not enabled`, 'media_login_disabled');
      }
      // SECURITY: the state must be the one this console gave this browser (login CSRF).
      if (!state || !provider || !cookie || !safeEqual(state[2] ?? '', cookie)) {
        note.detail = 'the state was not issued to this browser';
        throw failed(
          'This sign-in was not started in this browser, please start it again',
          'media_state_mismatch',
        );
      }
      note.provider = provider.name;
      const label = LABEL[provider.name];
      const back = redirectUri(input.redirectUri || undefined, requestOrigin);
      const now = deps.clock.now();
      // SECURITY: a code signs in once, on whichever console, whatever the provider would say.
      const fresh = await deps.usedCodes.claimOnce(
        `${provider.name}:${input.authCode}`,
        now + MEDIA_STATE_SECONDS * 1000,
        now,
      );
      if (!fresh) {
        throw failed(
          'This sign-in code has been used already, please start the sign-in again',
          'media_code_reused',
        );
      }
      let answer;
      try {
        answer = await provider.identify(input.authCode, back);
      } catch (err) {
        if (err instanceof ProviderRefusedError) {
          note.detail = `${provider.name}: ${err.providerCode}`;
          throw failed(`${label} refused the sign-in: ${err.message}`, 'media_provider_refused');
        }
        if (err instanceof ProviderUnavailableError) {
          note.detail = err.message;
          throw failed(
            `${label} cannot be reached, please try again later`,
            'media_provider_unavailable',
          );
        }
        throw err;
      }
      if (!answer.ok) {
        note.detail = `${provider.name}: ${answer.reason.replaceAll('_', ' ')}`;
        throw answer.reason === 'not_in_company'
          ? failed(
              `Your ${label} account is not a member of the company, please sign in again after joining it`,
              'media_not_in_company',
            )
          : failed(
              `${label} did not give your mobile number, please ask the administrator`,
              'media_no_mobile',
            );
      }
      const members = await deps.users.findByContact(answer.mobile);
      if (members.length !== 1) {
        note.detail = `${provider.name}: ${members.length} members with the mobile number ${masked(answer.mobile)}`;
        throw failed(
          members.length === 0
            ? `No member has the mobile number of your ${label} account, please ask the administrator`
            : `Several members have the mobile number of your ${label} account, please ask the administrator`,
          members.length === 0 ? 'media_no_member' : 'media_several_members',
        );
      }
      const user = members[0] as UserRecord;
      if (user.state !== 1) {
        throw new AppError(Code.accountDisabled, 'Account is disabled', 'account_disabled');
      }
      return user;
    },
  };
}

/** A mobile number for the login log: the first three and last four digits. */
export const masked = (mobile: string) =>
  mobile.length > 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';

export type MediaSignIn = ReturnType<typeof createMediaSignIn>;
