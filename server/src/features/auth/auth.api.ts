import type { IdentityResolver } from '../../core/http/identity.js';
import type { CaptchaRenderer } from './captcha/captcha-store.js';

export type { CaptchaRenderer };

/** What the app takes from sign-in: the resolver behind the one auth hook, and clean-up. */
export interface AuthApi {
  identity: IdentityResolver;
  /** Removes expired sessions and spent lockout counters (also at start and hourly). */
  tidy: () => Promise<void>;
}
