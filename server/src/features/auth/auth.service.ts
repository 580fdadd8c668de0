import {
  Code,
  isValidPassword,
  PASSWORD_RULE,
  authRoutes,
  type RouteParsed,
} from '@ferry/contract';
import { createHmac } from 'node:crypto';
import type { Config } from '../../config.js';
import type { ShortLived } from '../../db/short-lived.js';
import type { Clock } from '../../core/clock.js';
import { randomToken, safeEqual, sha256Hex } from '../../core/crypto.js';
import { AppError, failed } from '../../core/errors.js';
import { dummyHash, hashPassword, verifyPassword } from '../../core/password.js';
import type { NamespaceDirectory } from '../namespace/namespace.api.js';
import type { UserAccounts, UserRecord } from '../user/user.api.js';
import { DirectoryUnavailableError, type LdapDirectory } from '../../infra/ldap/ldap-directory.js';
import type { CaptchaStore } from './captcha/captcha-store.js';
import { BREAK_GLASS_USER_ID, type DirectorySignIn } from './directory-sign-in.js';
import type { LoginGuard } from './login-guard.js';
import { minutesText } from './login-guard.js';
import type { SessionRepository } from './session.repository.js';

export interface LoginMeta {
  ip: string;
  userAgent: string;
}

/** Filled in by a sign-in for the login log: how it was checked, and why it was refused. */
export interface LoginNote {
  provider: 'local' | 'ldap' | 'link' | 'dingtalk' | 'feishu' | 'oidc';
  /** More than the answer says (which must not tell an unknown account from a wrong password). */
  detail: string;
  /** The account signed in, where the request does not name it (DingTalk, Feishu). */
  account?: string;
}

const DAY_MS = 86_400_000;
const INVALID = 'Invalid account or password';

export function createAuthService(deps: {
  users: UserAccounts;
  namespaces: NamespaceDirectory;
  sessions: SessionRepository;
  guard: LoginGuard;
  captcha: CaptchaStore;
  /** Signed login links already used (`short_lived` rows of kind `ext-login`). */
  usedLinks: ShortLived;
  config: Pick<Config, 'login' | 'sessionIdleMs' | 'extLoginKey'>;
  clock: Clock;
  /** Set when LDAP is on: the password check goes to the directory. */
  directory?: { client: LdapDirectory; signIn: DirectorySignIn } | undefined;
}) {
  const { users, sessions, guard, config, clock } = deps;
  // SECURITY: a signed link works once, on whichever console; its signature is remembered for
  // its whole validity in the database.
  const { usedLinks } = deps;

  /** Opens a session and answers as goploy's login does; `provider` says how it was checked. */
  async function openSession(
    user: UserRecord,
    meta: LoginMeta,
    provider: LoginNote['provider'] = 'local',
  ) {
    const memberships = await deps.namespaces.membershipsOf(user.id);
    if (memberships.length === 0) {
      throw failed('No namespace assigned, please contact the administrator', 'no_namespace');
    }
    const token = randomToken(32);
    const now = clock.now();
    await sessions.insert({
      tokenHash: sha256Hex(token),
      userId: user.id,
      expireTime: now + config.sessionIdleMs,
      now,
      ip: meta.ip,
      userAgent: meta.userAgent,
      provider,
    });
    await users.update(user.id, { last_login_time: now });
    return {
      token,
      preferredNamespaceId: await deps.namespaces.preferredOf(user.id, memberships),
      namespaceList: memberships.map((m) => ({
        namespaceId: m.namespace_id,
        namespaceName: m.namespace_name,
        roleId: m.role_id,
        id: m.namespace_id,
        name: m.namespace_name,
        role_id: m.role_id,
        permissionIds: null,
      })),
    };
  }

  async function checkCaptcha(account: string, captchaKey: string) {
    if (!config.login.captcha || !(await guard.failedRecently(account))) return;
    if (!captchaKey || !(await deps.captcha.consume(captchaKey))) {
      throw failed('Captcha error, please check captcha again', 'captcha_required');
    }
  }

  /** First login or an expired password ends in 10004 until `newPassword` is sent. */
  async function passwordChange(user: UserRecord, password: string, newPassword: string) {
    const now = clock.now();
    if (newPassword) {
      if (!isValidPassword(newPassword)) {
        throw new AppError(
          Code.passwordExpired,
          `newPassword must be ${PASSWORD_RULE}`,
          'password_rule',
        );
      }
      if (newPassword === password) {
        throw new AppError(
          Code.passwordExpired,
          'The password cannot be the same as the previous one',
          'password_reused',
        );
      }
      await users.update(user.id, {
        password: await hashPassword(newPassword),
        password_update_time: now,
        update_time: now,
      });
      return;
    }
    if (user.password_update_time === null) {
      throw new AppError(
        Code.passwordExpired,
        'You need to change your password upon first login',
        'password_first_login',
      );
    }
    const days = config.login.passwordExpireDays;
    if (days > 0 && user.password_update_time + days * DAY_MS < now) {
      throw new AppError(
        Code.passwordExpired,
        'Password expired, please change',
        'password_expired',
      );
    }
  }

  /** A wrong password (local or directory) counts towards the lock. */
  async function refuse(account: string): Promise<never> {
    const lockMs = await guard.recordFailure(account);
    if (lockMs > 0) {
      throw failed(
        `Your account has been locked, please retry login in ${minutesText(lockMs)}`,
        'account_locked',
      );
    }
    throw new AppError(Code.deny, INVALID, 'invalid_credentials');
  }

  /** The directory checks the password; the local rules (disabled, namespaces) still apply. */
  async function directoryLogin(
    directory: NonNullable<typeof deps.directory>,
    account: string,
    password: string,
    note: LoginNote,
  ): Promise<UserRecord> {
    note.provider = 'ldap';
    let answer;
    try {
      answer = await directory.client.authenticate(account, password);
    } catch (err) {
      if (!(err instanceof DirectoryUnavailableError)) throw err;
      note.detail = err.message;
      throw failed(
        'The directory cannot be reached, please try again later',
        'directory_unavailable',
      );
    }
    if (!answer.ok) {
      note.detail = `ldap: ${answer.reason.replace('_', ' ')}`;
      return refuse(account);
    }
    // SECURITY: a directory entry spelled like the first super manager (`ADMIN` for `admin`)
    // is not them: user 1 signs in with the local password only.
    if ((await users.findByAccount(answer.account))?.id === BREAK_GLASS_USER_ID) {
      note.detail = 'ldap: the first super manager signs in with the local password';
      return refuse(account);
    }
    await guard.clear(account);
    return directory.signIn.provision(answer);
  }

  return {
    async login(
      input: RouteParsed<typeof authRoutes.login>,
      meta: LoginMeta,
      note: LoginNote = { provider: 'local', detail: '' },
    ) {
      const account = input.account;
      const locked = await guard.lockedFor(account);
      if (locked > 0) {
        throw failed(
          `Your account has been locked, please retry login in ${minutesText(locked)}`,
          'account_locked',
        );
      }
      await checkCaptcha(account, input.captchaKey);
      const user = await users.findByAccount(account);
      // SECURITY: with a directory, only the first super manager keeps a local password (so
      // the console stays reachable when the directory is down or misconfigured).
      if (deps.directory && user?.id !== BREAK_GLASS_USER_ID) {
        const member = await directoryLogin(deps.directory, account, input.password, note);
        return openSession(member, meta, 'ldap');
      }
      // SECURITY: the same work and the same answer whether or not the account exists.
      const check = await verifyPassword(user?.password ?? (await dummyHash()), input.password);
      if (!user || !check.ok) return refuse(account);
      await guard.clear(account);
      if (user.state !== 1)
        throw new AppError(Code.accountDisabled, 'Account is disabled', 'account_disabled');
      if (check.rehash)
        await users.update(user.id, { password: await hashPassword(input.password) });
      await passwordChange(user, input.password, input.newPassword);
      return openSession(user, meta);
    },

    /** Signed-link login: hex HMAC-SHA256 of `account + time` with the ext-login key, 30 s. */
    async extLogin(
      input: RouteParsed<typeof authRoutes.extLogin>,
      meta: LoginMeta,
      note: LoginNote = { provider: 'link', detail: '' },
    ) {
      note.provider = 'link';
      if (!config.extLoginKey)
        throw failed('Signed-link login is not enabled', 'ext_login_disabled');
      const age = clock.now() / 1000 - input.time;
      if (age > 30 || age < -30)
        throw new AppError(Code.illegalParam, 'time has expired', 'ext_login_expired');
      const expected = createHmac('sha256', config.extLoginKey)
        .update(`${input.account}${input.time}`)
        .digest('hex');
      if (!safeEqual(expected, input.token))
        throw new AppError(
          Code.illegalParam,
          'token is not a valid signature',
          'ext_login_signature',
        );
      const now = clock.now();
      if (!(await usedLinks.claimOnce(input.token, now + 61_000, now))) {
        throw new AppError(Code.illegalParam, 'token has been used already', 'ext_login_reused');
      }
      const user = await users.findByAccount(input.account);
      if (!user) throw failed('Account not found', 'account_not_found');
      if (user.state !== 1)
        throw new AppError(Code.accountDisabled, 'Account is disabled', 'account_disabled');
      return openSession(user, meta, 'link');
    },

    /** A session for a member a provider vouched for (DingTalk, Feishu). */
    openSession,

    logout: (tokenHash: string) => sessions.deleteByHash(tokenHash),

    captchaEnabled: () => config.login.captcha,
    ldapEnabled: () => deps.directory !== undefined,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
