import type { IdentityResolver } from '../../core/http/identity.js';
import type { ApiKeyRepository } from './api-key.repository.js';
import type { CaptchaRenderer } from './captcha/captcha-store.js';

export type { CaptchaRenderer };
export type { ApiKeyRecord, ApiKeyRepository } from './api-key.repository.js';
export { storedIds } from './api-key.repository.js';

/** What the app takes from sign-in: the resolver behind the one auth hook, and clean-up. */
export interface AuthApi {
  identity: IdentityResolver;
  /** Whether an enabled user holds `permission` in the namespace now. */
  holds(userId: number, namespaceId: number, permission: number): Promise<boolean>;
  /** Members' scoped API keys (the api-key feature manages them; identity resolves them). */
  apiKeys: ApiKeyRepository;
  /** Removes expired sessions and spent lockout counters (also at start and hourly). */
  tidy: () => Promise<void>;
}

export { loginLogColumns } from './login-log-columns.js';
