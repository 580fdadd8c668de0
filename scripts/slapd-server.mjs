// A private OpenLDAP server (Debian's slapd) for tests that sign in against a directory: a
// slapd.conf checked by `slaptest`, a base tree loaded with `slapadd` before start, a certificate
// of its own made with openssl by a private CA of its own (so `ldap://` with StartTLS and
// `ldaps://` both work), two free ports on 127.0.0.1, in a temporary dir (on tmpfs when there is
// room), stopped and removed when the test is done, also when its process dies. The `memberof`
// overlay keeps people's `memberOf` in step with the groups' `member` values, as in a real
// directory.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, killNow, readiness } from './test-server.mjs';

const SLAPD = '/usr/sbin/slapd';
const SLAPTEST = '/usr/sbin/slaptest';
const SLAPADD = '/usr/sbin/slapadd';
const LDAPMODIFY = '/usr/bin/ldapmodify';
const LDAPWHOAMI = '/usr/bin/ldapwhoami';
const OPENSSL = '/usr/bin/openssl';

/** Whether Debian's slapd and the LDAP client tools (packages slapd, ldap-utils) are here. */
export function slapdInstalled() {
  return [SLAPD, SLAPTEST, SLAPADD, LDAPMODIFY, LDAPWHOAMI, OPENSSL].every((p) => fs.existsSync(p));
}

const PREFIX = 'ferry-test-slapd-';
export const BASE_DN = 'dc=ferry,dc=test';
const ROOT_DN = `cn=admin,${BASE_DN}`;
/** The account the console binds as to search (read access to everything but passwords). */
const SERVICE_DN = `cn=ferry,ou=services,${BASE_DN}`;

function baseDir() {
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    return '/dev/shm';
  } catch {
    return os.tmpdir();
  }
}

function removeDeadServersDirs(base) {
  for (const name of fs.readdirSync(base).filter((n) => n.startsWith(PREFIX))) {
    const dir = path.join(base, name);
    try {
      process.kill(Number(fs.readFileSync(path.join(dir, 'slapd.pid'), 'utf8')), 0);
    } catch (err) {
      if (err.code === 'ESRCH') fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

function run(program, args, what, input) {
  const r = spawnSync(program, args, { encoding: 'utf8', input });
  if (r.status !== 0) throw new Error(`${what} failed:\n${r.stderr || r.stdout}`);
}

/** A private CA and a certificate for 127.0.0.1 and localhost signed by it (P-256 keys: fast). */
function makeCertificates(dir) {
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const f = (n) => path.join(dir, n);
  run(
    OPENSSL,
    ['req', '-x509', ...key, '-keyout', f('ca.key'), '-out', f('ca.pem'), '-days', '2'].concat([
      '-subj',
      '/CN=Ferry test CA',
    ]),
    'openssl (CA)',
  );
  run(
    OPENSSL,
    ['req', ...key, '-keyout', f('server.key'), '-out', f('server.csr'), '-subj', '/CN=127.0.0.1'],
    'openssl (request)',
  );
  fs.writeFileSync(f('san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  run(
    OPENSSL,
    ['x509', '-req', '-in', f('server.csr'), '-CA', f('ca.pem'), '-CAkey', f('ca.key')].concat([
      '-CAcreateserial',
      '-out',
      f('server.pem'),
      '-days',
      '2',
      '-extfile',
      f('san.ext'),
    ]),
    'openssl (certificate)',
  );
}

function slapdConf(dir, rootPassword) {
  return `include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
include /etc/ldap/schema/nis.schema
modulepath /usr/lib/ldap
moduleload back_mdb
moduleload memberof
pidfile ${dir}/slapd.pid
argsfile ${dir}/slapd.args
TLSCACertificateFile ${dir}/ca.pem
TLSCertificateFile ${dir}/server.pem
TLSCertificateKeyFile ${dir}/server.key
database mdb
maxsize 16777216
suffix "${BASE_DN}"
rootdn "${ROOT_DN}"
rootpw ${rootPassword}
directory ${dir}/db
access to attrs=userPassword by anonymous auth by * none
access to * by users read by * none
overlay memberof
`;
}

function baseTree(servicePassword) {
  return `dn: ${BASE_DN}
objectClass: dcObject
objectClass: organization
o: Ferry tests
dc: ferry

dn: ou=people,${BASE_DN}
objectClass: organizationalUnit
ou: people

dn: ou=groups,${BASE_DN}
objectClass: organizationalUnit
ou: groups

dn: ou=services,${BASE_DN}
objectClass: organizationalUnit
ou: services

dn: ${SERVICE_DN}
objectClass: person
cn: ferry
sn: ferry
userPassword: ${servicePassword}
`;
}

/**
 * Starts slapd; answers its `ldap://` and `ldaps://` URLs, the CA file that signed its
 * certificate, the service account to bind as, `modify(ldif)` (changes made as the directory's
 * administrator: `changetype` records) and `stop()`. Stops by itself when this process exits.
 */
export async function startSlapd() {
  if (!slapdInstalled()) {
    throw new Error('slapd is not installed (Debian packages slapd, ldap-utils, openssl)');
  }
  const base = baseDir();
  removeDeadServersDirs(base);
  const dir = fs.mkdtempSync(path.join(base, PREFIX));
  const f = (n) => path.join(dir, n);
  let child;
  let stopped = false;
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopSync);
  try {
    const rootPassword = crypto.randomBytes(12).toString('hex');
    const servicePassword = crypto.randomBytes(12).toString('hex');
    makeCertificates(dir);
    fs.mkdirSync(f('db'));
    fs.writeFileSync(f('slapd.conf'), slapdConf(dir, rootPassword), { mode: 0o600 });
    fs.writeFileSync(f('root.pw'), rootPassword, { mode: 0o600 });
    run(SLAPTEST, ['-u', '-f', f('slapd.conf')], 'slaptest');
    run(SLAPADD, ['-f', f('slapd.conf')], 'slapadd', baseTree(servicePassword));
    const port = await freePort();
    const tlsPort = await freePort();
    const url = `ldap://127.0.0.1:${port}`;
    const ldapsUrl = `ldaps://127.0.0.1:${tlsPort}`;
    const log = fs.openSync(f('slapd.log'), 'a');
    // -d 0: in the foreground, so the child is slapd itself; setpriv ends it with this process.
    child = spawn(
      'setpriv',
      [
        '--pdeathsig',
        'KILL',
        SLAPD,
        '-d',
        '0',
        '-f',
        f('slapd.conf'),
        '-h',
        `${url}/ ${ldapsUrl}/`,
      ],
      { stdio: ['ignore', log, log] },
    );
    fs.closeSync(log);
    const whoami = [LDAPWHOAMI, ['-x', '-H', url, '-D', ROOT_DN, '-y', f('root.pw')]];
    await readiness(whoami, child, () => {
      const text = fs.existsSync(f('slapd.log')) ? fs.readFileSync(f('slapd.log'), 'utf8') : '';
      return new Error(`slapd did not start:\n${text}`);
    });
    return {
      url,
      ldapsUrl,
      port,
      tlsPort,
      baseDn: BASE_DN,
      caFile: f('ca.pem'),
      serviceDn: SERVICE_DN,
      servicePassword,
      async modify(ldif) {
        run(LDAPMODIFY, ['-x', '-H', url, '-D', ROOT_DN, '-y', f('root.pw')], 'ldapmodify', ldif);
      },
      async stop() {
        if (stopped) return;
        await killNow(child);
        stopSync();
        process.off('exit', stopSync);
      },
    };
  } catch (err) {
    stopSync();
    process.off('exit', stopSync);
    throw err;
  }
}
