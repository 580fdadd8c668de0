import fs from 'node:fs';
import { FilterParser } from 'ldapts';

/** Where sign-in goes when LDAP is on (`FERRY_LDAP_*`). */
export interface LdapConfig {
  /** `ldap://host:port` or `ldaps://host:port`. */
  url: string;
  /** Upgrade an `ldap://` connection with StartTLS before anything is sent. */
  startTls: boolean;
  /** A private CA's certificates (PEM), read at start; undefined: the system's CAs. */
  ca: string | undefined;
  bindDn: string;
  bindPassword: string;
  baseDn: string;
  /** The admin's filter, e.g. `(objectClass=person)`: the account's test is ANDed to it. */
  userFilter: string;
  uidAttr: string;
  nameAttr: string;
  groupAttr: string;
  /** Limit for connecting and for each operation, so a dead directory cannot hang a sign-in. */
  timeoutMs: number;
  /** How often a signed-in member's session asks the directory again whether they may stay. */
  recheckMs: number;
}

/** The role a directory group gives: in one namespace by names, or super manager (`*:super`). */
export type DirectoryRole =
  | { group: string; superManager: false; namespace: string; role: string }
  | { group: string; superManager: true };

/** `GROUP=*:super` makes the group's members super managers; nothing else does. */
export const SUPER_MANAGER_MAPPING = '*:super';

const ATTR = /^[A-Za-z][A-Za-z0-9-]*$/;

/**
 * `FERRY_DIRECTORY_ROLES`: `GROUP=NAMESPACE:ROLE` entries separated by `;`. The last `=` of an
 * entry separates the group (LDAP group DNs hold `=`), the last `:` the namespace from the role.
 * Problems name the entry.
 */
export function parseDirectoryRoles(text: string | undefined, problems: string[]) {
  const roles: DirectoryRole[] = [];
  for (const raw of (text ?? '').split(';')) {
    const entry = raw.trim();
    if (!entry) continue;
    const eq = entry.lastIndexOf('=');
    const group = entry.slice(0, Math.max(eq, 0)).trim();
    const target = entry.slice(eq + 1).trim();
    const colon = target.lastIndexOf(':');
    const namespace = target.slice(0, Math.max(colon, 0)).trim();
    const role = target.slice(colon + 1).trim();
    if (eq <= 0 || !group || colon <= 0 || !namespace || !role) {
      problems.push(
        `FERRY_DIRECTORY_ROLES: "${entry}" must be GROUP=NAMESPACE:ROLE (or GROUP=${SUPER_MANAGER_MAPPING})`,
      );
      continue;
    }
    roles.push(
      namespace === '*' && role === 'super'
        ? { group, superManager: true }
        : { group, superManager: false, namespace, role },
    );
  }
  return roles;
}

type Env = Record<string, string | undefined>;

/** `FERRY_LDAP_*`: undefined when `FERRY_LDAP_URL` is unset (LDAP off). Problems name the variable. */
export function parseLdapConfig(env: Env, problems: string[]): LdapConfig | undefined {
  const get = (name: string, def = '') => env[name]?.trim() || def;
  const url = get('FERRY_LDAP_URL');
  if (!url) return undefined;
  const before = problems.length;
  if (!/^ldaps?:\/\/[^\s/]+\/?$/i.test(url)) {
    problems.push('FERRY_LDAP_URL must be ldap://HOST[:PORT] or ldaps://HOST[:PORT]');
  }
  const startTlsText = get('FERRY_LDAP_STARTTLS', 'false');
  const startTls = /^(1|true|yes|on)$/i.test(startTlsText);
  if (!startTls && !/^(0|false|no|off)$/i.test(startTlsText)) {
    problems.push('FERRY_LDAP_STARTTLS must be true or false');
  }
  if (startTls && /^ldaps:/i.test(url)) {
    problems.push('FERRY_LDAP_STARTTLS is for ldap:// addresses (ldaps:// is TLS already)');
  }
  let ca: string | undefined;
  const caFile = get('FERRY_LDAP_CA_FILE');
  if (caFile) {
    try {
      ca = fs.readFileSync(caFile, 'utf8');
      if (!ca.includes('-----BEGIN CERTIFICATE-----')) throw new Error('not PEM');
    } catch {
      problems.push(`FERRY_LDAP_CA_FILE must be a readable PEM certificate file (${caFile})`);
    }
  }
  const baseDn = get('FERRY_LDAP_BASE_DN');
  if (!baseDn) problems.push('FERRY_LDAP_BASE_DN is needed when FERRY_LDAP_URL is set');
  const userFilter = get('FERRY_LDAP_USER_FILTER', '(objectClass=person)');
  try {
    FilterParser.parseString(userFilter);
  } catch {
    problems.push('FERRY_LDAP_USER_FILTER must be an LDAP filter such as (objectClass=person)');
  }
  const attrs = {
    uidAttr: get('FERRY_LDAP_UID_ATTR', 'uid'),
    nameAttr: get('FERRY_LDAP_NAME_ATTR', 'cn'),
    groupAttr: get('FERRY_LDAP_GROUP_ATTR', 'memberOf'),
  };
  for (const [key, value] of Object.entries(attrs)) {
    if (!ATTR.test(value)) {
      const name = `FERRY_LDAP_${key.slice(0, -4).toUpperCase()}_ATTR`;
      problems.push(`${name} must be an attribute name`);
    }
  }
  const recheckText = get('FERRY_LDAP_RECHECK_MINUTES', '5');
  const recheckMinutes = Number(recheckText);
  if (!/^\d+$/.test(recheckText) || recheckMinutes < 1 || recheckMinutes > 1440) {
    problems.push('FERRY_LDAP_RECHECK_MINUTES must be an integer from 1 to 1440');
  }
  if (problems.length > before) return undefined;
  return {
    url: url.replace(/\/$/, ''),
    startTls,
    ca,
    bindDn: get('FERRY_LDAP_BIND_DN'),
    bindPassword: env.FERRY_LDAP_BIND_PASSWORD ?? '',
    baseDn,
    userFilter,
    ...attrs,
    timeoutMs: 10_000,
    recheckMs: recheckMinutes * 60_000,
  };
}
