import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startConsole, type StartedConsole } from '../../server/test/console-process.js';
import { startMediaStandIns, type MediaStandIns } from '../../server/test/media-stand-ins.js';
import { startOidcProvider, type OidcTestProvider } from '../../server/test/oidc-provider.js';
import { freePort } from '../../server/test/sshd-fleet.js';
import { BASE_DN, startSlapd } from '../../scripts/slapd-server.mjs';
import { ADMIN_PASSWORD, clickUntilShown, pressOnce, SHOTS } from './support';

/**
 * Sign-in with the team's directory, in a console of this spec's own (the suite's consoles have
 * none configured): a real slapd for LDAP, a real OpenID provider (`oidc-provider`) with its own
 * login and consent pages, and the local stand-ins of DingTalk's and Feishu's endpoints, whose
 * sign-in pages send the browser straight back as a member who scanned would.
 */
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Dir3ctory-pw!';
const MOBILE = '13912345678';
const groupDn = `cn=deployers,ou=groups,${BASE_DN}`;
const personDn = `uid=lena,ou=people,${BASE_DN}`;

let slapd: Awaited<ReturnType<typeof startSlapd>>;
let stand: MediaStandIns;
let provider: OidcTestProvider;
let ferry: StartedConsole;
let dataDir: string;
let url: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  [slapd, stand] = await Promise.all([startSlapd(), startMediaStandIns()]);
  await slapd.modify(`dn: ${personDn}
changetype: add
objectClass: inetOrgPerson
uid: lena
cn: Lena Directory
sn: Directory
userPassword: ${PASSWORD}

dn: ${groupDn}
changetype: add
objectClass: groupOfNames
cn: deployers
member: ${personDn}
`);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-e2e-directory-'));
  // The provider knows the console's callback address, so the console's port is chosen first.
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  provider = await startOidcProvider(`${publicUrl}/user/oidcCallback`);
  provider.members.set('olga', {
    preferred_username: 'olga',
    name: 'Olga Provider',
    groups: ['deployers'],
  });
  ferry = await startConsole(
    {
      // On SQLite in its own data dir, whatever database the suite's consoles use.
      FERRY_DB_URL: '',
      FERRY_DATA_DIR: dataDir,
      FERRY_ADMIN_PASSWORD: ADMIN_PASSWORD,
      FERRY_LDAP_URL: slapd.url,
      FERRY_LDAP_BIND_DN: slapd.serviceDn,
      FERRY_LDAP_BIND_PASSWORD: slapd.servicePassword,
      FERRY_LDAP_BASE_DN: `ou=people,${BASE_DN}`,
      FERRY_DIRECTORY_ROLES: `${groupDn}=default:member;deployers=default:member`,
      FERRY_PORT: String(port),
      FERRY_PUBLIC_URL: publicUrl,
      ...provider.env({ FERRY_OIDC_NAME: 'Company ID' }),
      ...stand.env(),
    },
    { built: true },
  );
  url = ferry.url;
});

test.afterAll(async () => {
  ferry?.child.kill('SIGTERM');
  await Promise.all([slapd?.stop(), stand?.close(), provider?.close()]);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The console's first page after sign-in: the layout's first tab. */
async function signedIn(page: Page) {
  await expect(page).not.toHaveURL(/\/login/, { timeout: 15_000 });
  await expect(page.getByRole('tab').first()).toBeVisible({ timeout: 15_000 });
}

test('signs a directory member in on the login form, created with the mapped namespace', async ({
  page,
}) => {
  await page.goto(`${url}/login`);
  await expect(
    page.getByText('Sign in with your directory (LDAP) account and password'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'DingTalk' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Feishu' })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'login-directory-light.png'), fullPage: true });
  await page.getByPlaceholder('Your account').fill('lena');
  await page.getByPlaceholder('Your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await signedIn(page);
  const info = await page.request.get(`${url}/user/info`);
  expect(((await info.json()) as { data: { userInfo: { name: string } } }).data.userInfo.name).toBe(
    'Lena Directory',
  );
});

test('signs a member in with DingTalk, by the mobile number of their contact', async ({ page }) => {
  // The member DingTalk will vouch for: admin adds them with their mobile number.
  const admin = page.request;
  const login = await admin.post(`${url}/user/login`, {
    data: { account: 'admin', password: ADMIN_PASSWORD },
  });
  expect(((await login.json()) as { code: number }).code).toBe(0);
  const add = await admin.post(`${url}/user/add`, {
    headers: { 'G-N-ID': '1' },
    data: { account: 'dina', password: 'Initial123!', name: 'Dina Scan', contact: MOBILE },
  });
  const { data: added } = (await add.json()) as { data: { id: number } };
  const roles = await admin.get(`${url}/role/getOption`, { headers: { 'G-N-ID': '1' } });
  const { data: roleList } = (await roles.json()) as {
    data: { list: { id: number; name: string }[] };
  };
  const member = roleList.list.find((r) => r.name === 'member');
  await admin.post(`${url}/namespace/addUser`, {
    headers: { 'G-N-ID': '1' },
    data: { namespaceId: 1, userIds: [added.id], roleId: member?.id },
  });
  await admin.post(`${url}/user/logout`, { headers: { 'G-N-ID': '1' } });
  await page.context().clearCookies();

  stand.scannedBy({ mobile: MOBILE, name: 'Dina Scan' });
  await page.goto(`${url}/login`);
  await page.getByRole('button', { name: 'DingTalk' }).click();
  await signedIn(page);
  const info = await page.request.get(`${url}/user/info`);
  expect(
    ((await info.json()) as { data: { userInfo: { account: string } } }).data.userInfo.account,
  ).toBe('dina');
  // The code went back through the login page, and left the address bar.
  expect(page.url()).not.toMatch(/authCode|state=/);
});

test('shows the providers in Chinese and dark on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${url}/login`);
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.context().addCookies([{ name: 'language', value: 'zh-CN', url }]);
  await page.reload();
  await expect(page.getByRole('button', { name: '钉钉' })).toBeVisible();
  await expect(page.getByRole('button', { name: '飞书' })).toBeVisible();
  await page.screenshot({
    path: path.join(SHOTS, 'login-directory-dark-zh-phone.png'),
    fullPage: true,
  });
});

test("signs a member in on the OpenID provider's own login page, and lands on the deploy page", async ({
  page,
}) => {
  await page.goto(`${url}/login`);
  await page.getByRole('button', { name: 'Company ID' }).click();
  // The provider's development pages: its login form, then its consent.
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill('olga');
  await page.locator('input[name="password"]').fill('any');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();
  await signedIn(page);
  await expect(page).toHaveURL(/\/deploy/);
  const info = await page.request.get(`${url}/user/info`);
  expect(((await info.json()) as { data: { userInfo: { name: string } } }).data.userInfo.name).toBe(
    'Olga Provider',
  );
  // The provider's answer went through the login page, and left the address bar.
  expect(page.url()).not.toMatch(/oidc=|code=/);
});

test("the Sign-in settings page tests a directory member's sign-in without changing anything", async ({
  page,
}) => {
  await page.setViewportSize({ width: 992, height: 900 });
  // The first super manager signs in with the local password, LDAP on or not.
  await page.goto(`${url}/login`);
  await page.getByPlaceholder('Your account').fill('admin');
  await page.getByPlaceholder('Your password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await signedIn(page);
  await page.goto(`${url}/system/sign-in`);
  const row = page.getByRole('row').filter({ hasText: groupDn });
  await expect(row).toContainText('member in default');
  await expect(row.getByText('Environment')).toBeVisible();
  await page.getByLabel('Account', { exact: true }).fill('lena');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const result = page.getByRole('region', { name: 'Test result' });
  await pressOnce(page.getByRole('button', { name: 'Test', exact: true }));
  await expect(result).toContainText('A sign-in would succeed', { timeout: 15_000 });
  await expect(result).toContainText(personDn);
  await expect(result).toContainText('Checked by the directory');
  await expect(result).toContainText(`member in default through ${groupDn}`);
  await page.screenshot({ path: path.join(SHOTS, 'system-sign-in-992-light.png'), fullPage: true });

  // A wrong password is said, and counts towards no lockout: lena still signs in afterwards.
  await page.getByLabel('Password', { exact: true }).fill('wrong');
  await pressOnce(page.getByRole('button', { name: 'Test', exact: true }));
  await expect(result).toContainText('The directory refused the password', { timeout: 15_000 });

  // Adding a mapping: the dialog, in the dark on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  const dialog = page.getByRole('dialog', { name: 'Map a directory group' });
  await clickUntilShown(page.getByRole('button', { name: /Add mapping/ }), dialog);
  await dialog.getByLabel('Group').fill('cn=ops,ou=groups,dc=example,dc=com');
  await dialog.getByRole('radio', { name: 'Super manager' }).check();
  await expect(dialog.getByText(/becomes a super manager/)).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'system-sign-in-phone-dark.png') });
  await pressOnce(dialog.getByRole('button', { name: 'Add mapping' }));
  await expect(dialog).toBeHidden();
  await expect(page.getByText('cn=ops,ou=groups,dc=example,dc=com')).toBeVisible();
});
