import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const LDAP = { FERRY_LDAP_URL: 'ldap://dir.example:389', FERRY_LDAP_BASE_DN: 'dc=example' };

describe('FERRY_LDAP_*', () => {
  it('is off unless FERRY_LDAP_URL is set, and takes goploy defaults when it is', () => {
    expect(loadConfig({}).ldap).toBeUndefined();
    expect(loadConfig({ ...LDAP, FERRY_LDAP_BIND_PASSWORD: 's3cret' }).ldap).toEqual({
      url: 'ldap://dir.example:389',
      startTls: false,
      ca: undefined,
      bindDn: '',
      bindPassword: 's3cret',
      baseDn: 'dc=example',
      userFilter: '(objectClass=person)',
      uidAttr: 'uid',
      nameAttr: 'cn',
      groupAttr: 'memberOf',
      timeoutMs: 10_000,
      recheckMs: 5 * 60_000,
    });
  });

  it('checks sessions again every FERRY_LDAP_RECHECK_MINUTES, from 1 to 1440', () => {
    expect(loadConfig({ ...LDAP, FERRY_LDAP_RECHECK_MINUTES: '1' }).ldap?.recheckMs).toBe(60_000);
    for (const bad of ['0', '1441', '2.5', 'soon']) {
      expect(() => loadConfig({ ...LDAP, FERRY_LDAP_RECHECK_MINUTES: bad }), bad).toThrow(
        'FERRY_LDAP_RECHECK_MINUTES must be an integer from 1 to 1440',
      );
    }
  });

  it('reads the CA file at start, and refuses one that is missing or not a certificate', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-ca-'));
    try {
      const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
      fs.writeFileSync(path.join(dir, 'ca.pem'), pem);
      fs.writeFileSync(path.join(dir, 'junk'), 'junk');
      const ca = (file: string) =>
        loadConfig({ ...LDAP, FERRY_LDAP_CA_FILE: path.join(dir, file) });
      expect(ca('ca.pem').ldap?.ca).toBe(pem);
      expect(() => ca('junk')).toThrow(/FERRY_LDAP_CA_FILE must be a readable PEM/);
      expect(() => ca('absent')).toThrow(/FERRY_LDAP_CA_FILE/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a bad address, StartTLS on ldaps, a missing base, a bad filter or attribute', () => {
    const bad: [Record<string, string>, RegExp][] = [
      [{ FERRY_LDAP_URL: 'http://dir' }, /FERRY_LDAP_URL must be/],
      [{ FERRY_LDAP_URL: 'ldaps://dir', FERRY_LDAP_STARTTLS: 'true' }, /FERRY_LDAP_STARTTLS/],
      [{ FERRY_LDAP_STARTTLS: 'maybe' }, /FERRY_LDAP_STARTTLS must be true or false/],
      [{ FERRY_LDAP_BASE_DN: '' }, /FERRY_LDAP_BASE_DN is needed/],
      [{ FERRY_LDAP_USER_FILTER: '(objectClass=person' }, /FERRY_LDAP_USER_FILTER/],
      [{ FERRY_LDAP_UID_ATTR: 'uid)(x' }, /FERRY_LDAP_UID_ATTR must be an attribute name/],
    ];
    for (const [env, message] of bad) {
      expect(() => loadConfig({ ...LDAP, ...env }), String(message)).toThrow(ConfigError);
      expect(() => loadConfig({ ...LDAP, ...env }), String(message)).toThrow(message);
    }
  });
});

describe('FERRY_DIRECTORY_ROLES', () => {
  it('splits entries at ";", the group at the last "=" and the role at the last ":"', () => {
    const roles = loadConfig({
      FERRY_DIRECTORY_ROLES:
        ' cn=devs,ou=groups,dc=example=web:member ;; cn=admins,dc=example=*:super;ops=ops:manager',
    }).directoryRoles;
    expect(roles).toEqual([
      {
        group: 'cn=devs,ou=groups,dc=example',
        superManager: false,
        namespace: 'web',
        role: 'member',
      },
      { group: 'cn=admins,dc=example', superManager: true },
      { group: 'ops', superManager: false, namespace: 'ops', role: 'manager' },
    ]);
    expect(loadConfig({}).directoryRoles).toEqual([]);
  });

  it('stops at start on a bad entry, naming it', () => {
    for (const entry of ['cn=devs', 'cn=devs=web', 'cn=devs=:member', '=web:member', 'x=web:']) {
      expect(() => loadConfig({ FERRY_DIRECTORY_ROLES: `a=b:c;${entry}` }), entry).toThrow(
        `FERRY_DIRECTORY_ROLES: "${entry}" must be GROUP=NAMESPACE:ROLE`,
      );
    }
  });
});
