import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { LdapConfig } from '../../config.js';
import { accountFilter, createLdapDirectory, DirectoryUnavailableError } from './ldap-directory.js';

const config: LdapConfig = {
  url: 'ldap://127.0.0.1:1',
  startTls: false,
  ca: undefined,
  bindDn: 'cn=svc,dc=example',
  bindPassword: 'svc-secret',
  baseDn: 'dc=example',
  userFilter: '(objectClass=person)',
  uidAttr: 'uid',
  nameAttr: 'cn',
  groupAttr: 'memberOf',
  timeoutMs: 300,
  recheckMs: 300_000,
};

describe('the LDAP directory client', () => {
  const servers: net.Server[] = [];
  afterEach(() => servers.splice(0).forEach((s) => s.close()));

  it('escapes the account in the filter it sends (RFC 4515)', () => {
    expect(accountFilter(config, 'a*)(uid=*').toString()).toBe(
      '(&(objectClass=person)(uid=a\\2a\\29\\28uid=\\2a))',
    );
  });

  it('refuses an empty password without asking the directory', async () => {
    // Port 1 refuses connections: reaching it would throw.
    await expect(createLdapDirectory(config).authenticate('alice', '')).resolves.toEqual({
      ok: false,
      reason: 'empty_password',
    });
  });

  it('gives up on a directory that accepts the connection and never answers', async () => {
    const silent = net.createServer(() => undefined);
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const started = Date.now();
    const directory = createLdapDirectory({ ...config, url: `ldap://127.0.0.1:${port}` });
    await expect(directory.authenticate('alice', 'pw')).rejects.toThrow(DirectoryUnavailableError);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
