import type { AccessEvents } from '../../core/access-events.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { DirectoryUnavailableError, type LdapDirectory } from '../../infra/ldap/ldap-directory.js';
import type { NamespaceDirectory } from '../namespace/namespace.api.js';
import type { DirectorySignIn } from './directory-sign-in.js';
import type { LoginGuardRepository } from './login-guard.repository.js';

/**
 * Asks the directory again whether a member signed in through it may stay: the account must
 * still be there, once, and its groups must still give a namespace (memberships are brought in
 * line on the way, as at sign-in). When the directory says no, every session of the member ends
 * (the login log says why); when it cannot be reached, the member stays until the next check,
 * as a directory outage must not sign everyone out.
 */
export function createDirectoryRecheck(deps: {
  directory: Pick<LdapDirectory, 'lookup'>;
  signIn: DirectorySignIn;
  namespaces: NamespaceDirectory;
  events: AccessEvents;
  loginLog: Pick<LoginGuardRepository, 'insertLoginLog'>;
  clock: Clock;
  everyMs: number;
  warn: (message: string) => void;
}) {
  /** Why the directory no longer lets the member in, or '' when it does. */
  async function refusal(account: string): Promise<string> {
    const found = await deps.directory.lookup(account);
    if (!found.ok) {
      return found.reason === 'no_entry'
        ? 'the directory no longer has the account'
        : 'several directory entries match the account';
    }
    try {
      const user = await deps.signIn.provision(found);
      if (user.super_manager === 1) return '';
      const left = await deps.namespaces.membershipsOf(user.id);
      return left.length > 0 ? '' : 'no namespace is left to the member';
    } catch (err) {
      if (err instanceof AppError) return err.message;
      throw err;
    }
  }

  return {
    everyMs: deps.everyMs,

    /** True when the member may stay; false once their sessions have ended. */
    async stays(userId: number, account: string): Promise<boolean> {
      let why: string;
      try {
        why = await refusal(account);
      } catch (err) {
        if (!(err instanceof DirectoryUnavailableError)) throw err;
        deps.warn(`the directory could not check ${account} again: ${err.message}`);
        return true;
      }
      if (!why) return true;
      // Every session of the member ends, on every console, and their open pages with them.
      await deps.events.emit({ kind: 'user', userId, revoked: true });
      await deps.loginLog.insertLoginLog({
        account,
        ip: '',
        userAgent: '',
        referer: '',
        reason: `Sessions ended: ${why}`,
        provider: 'ldap',
        time: deps.clock.now(),
      });
      return false;
    },
  };
}

export type DirectoryRecheck = ReturnType<typeof createDirectoryRecheck>;
