import {
  AndFilter,
  Client,
  EqualityFilter,
  FilterParser,
  InvalidCredentialsError,
  SizeLimitExceededError,
  type Entry,
} from 'ldapts';
import type { LdapConfig } from '../../config.js';

/** What the directory says of an account and its password. */
export type DirectoryAnswer =
  /** `account`: as the directory spells it (uid matching ignores case; Ferry's accounts do not). */
  | { ok: true; dn: string; account: string; name: string; groups: string[] }
  /** `no_entry`: nobody or several matched; `wrong_password`: the entry refused the password. */
  | { ok: false; reason: 'empty_password' | 'no_entry' | 'ambiguous' | 'wrong_password' };

/** What the directory says of an account, asked without its password. */
export type LookupAnswer =
  Extract<DirectoryAnswer, { ok: true }> | { ok: false; reason: 'no_entry' | 'ambiguous' };

/** The directory could not be asked (unreachable, TLS refused, the service bind failed, timed out). */
export class DirectoryUnavailableError extends Error {}

/**
 * The search for one account: the admin's filter ANDed with `(UID_ATTR=account)`.
 * SECURITY: the account is an EqualityFilter value, sent as an assertion value on the wire (RFC
 * 4511), never spliced into filter text, so `*`, `(`, `)` and `\` in it match themselves only.
 */
export function accountFilter(config: Pick<LdapConfig, 'userFilter' | 'uidAttr'>, account: string) {
  return new AndFilter({
    filters: [
      FilterParser.parseString(config.userFilter),
      new EqualityFilter({ attribute: config.uidAttr, value: account }),
    ],
  });
}

const text = (v: Entry[string] | undefined): string[] => {
  if (v === undefined) return [];
  const all = Array.isArray(v) ? v : [v];
  return all.map((x) => (Buffer.isBuffer(x) ? x.toString('utf8') : x));
};

/**
 * Signs members in against an LDAP directory as goploy does (bind as the service account, find
 * exactly one entry, bind as it with the password), with the account escaped, TLS checked and
 * every step limited in time.
 */
export function createLdapDirectory(config: LdapConfig) {
  const host = new URL(config.url.replace(/^ldaps?:/i, 'http:')).hostname.replace(/^\[|\]$/g, '');
  // SECURITY: the directory's certificate is always checked, against the private CA if given,
  // and must name the URL's host.
  const tlsOptions = () => ({
    ...(config.ca ? { ca: [config.ca] } : {}),
    rejectUnauthorized: true,
    host,
  });

  function client() {
    return new Client({
      url: config.url,
      timeout: config.timeoutMs,
      connectTimeout: config.timeoutMs,
      ...(/^ldaps:/i.test(config.url) ? { tlsOptions: tlsOptions() } : {}),
    });
  }

  async function connected(c: Client) {
    if (config.startTls) await c.startTLS(tlsOptions());
  }

  /** Runs `step`, turning every failure but `wrong` into DirectoryUnavailableError. */
  async function reach<T>(what: string, step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (err) {
      if (err instanceof DirectoryUnavailableError) throw err;
      const detail = err instanceof Error ? err.message : String(err);
      throw new DirectoryUnavailableError(`LDAP ${what} failed: ${detail}`);
    }
  }

  /** The entries that match the account, as the service account sees them (at most 2). */
  async function search(account: string): Promise<Entry[]> {
    const service = client();
    try {
      await reach('connection', () => connected(service));
      if (config.bindDn) {
        await reach('service bind', () => service.bind(config.bindDn, config.bindPassword));
      }
      return await reach('search', () =>
        service
          .search(config.baseDn, {
            scope: 'sub',
            filter: accountFilter(config, account),
            attributes: [config.uidAttr, config.nameAttr, config.groupAttr],
            sizeLimit: 2,
            timeLimit: Math.ceil(config.timeoutMs / 1000),
          })
          .then(
            (r) => r.searchEntries,
            (err: unknown) => {
              // More entries than the limit: several matched, which is refused anyway.
              if (err instanceof SizeLimitExceededError) return [{ dn: '' }, { dn: '' }];
              throw err;
            },
          ),
      );
    } finally {
      await service.unbind().catch(() => undefined);
    }
  }

  /** The member an entry describes, the account as the directory spells it. */
  const memberOf = (entry: Entry, account: string) => {
    const uids = text(entry[config.uidAttr]);
    return {
      ok: true as const,
      dn: entry.dn,
      account: uids.find((u) => u.toLowerCase() === account.toLowerCase()) ?? account,
      name: text(entry[config.nameAttr])[0] ?? account,
      groups: text(entry[config.groupAttr]),
    };
  };

  return {
    /**
     * Whether the directory still has the account, and its groups, without a password: how a
     * signed-in member's session is checked again.
     */
    async lookup(account: string): Promise<LookupAnswer> {
      const found = await search(account);
      if (found.length === 0) return { ok: false, reason: 'no_entry' };
      if (found.length > 1) return { ok: false, reason: 'ambiguous' };
      return memberOf(found[0] as Entry, account);
    },

    async authenticate(account: string, password: string): Promise<DirectoryAnswer> {
      // SECURITY: an LDAP bind with a DN and no password is an unauthenticated bind, which many
      // servers answer with success: an empty password never reaches the directory.
      if (password === '') return { ok: false, reason: 'empty_password' };
      const found = await search(account);
      if (found.length === 0) return { ok: false, reason: 'no_entry' };
      if (found.length > 1) return { ok: false, reason: 'ambiguous' };
      const entry = found[0] as Entry;
      const user = client();
      try {
        await reach('connection', () => connected(user));
        try {
          await user.bind(entry.dn, password);
        } catch (err) {
          if (err instanceof InvalidCredentialsError)
            return { ok: false, reason: 'wrong_password' };
          throw new DirectoryUnavailableError(
            `LDAP user bind failed: ${err instanceof Error ? err.message : String(err)}`,
          );
        }
      } finally {
        await user.unbind().catch(() => undefined);
      }
      return memberOf(entry, account);
    },
  };
}

export type LdapDirectory = ReturnType<typeof createLdapDirectory>;
