import { expect, test } from '@playwright/test';
import { CAPTCHA_PORT } from '../playwright.config';
import { ADMIN_PASSWORD, clickUntilShown } from './support';

test.use({ baseURL: `http://127.0.0.1:${CAPTCHA_PORT}` });

test('after a failed login the click captcha is required, and a wrong answer is refused', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByPlaceholder('Your account').fill('admin');
  await page.getByPlaceholder('Your password').fill('Wrong1234!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Invalid account or password')).toBeVisible();

  await page.getByPlaceholder('Your password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  const check = page.getByRole('dialog').filter({ hasText: 'Security check' });
  await expect(check).toBeVisible();
  await expect(check.getByText('Click the characters below in this order')).toBeVisible();
  await expect(check.getByText('Clicked 0 of 4')).toBeVisible();

  // Four clicks in one corner: not where the characters are.
  const picture = check.getByRole('button', { name: 'Picture with the characters to click' });
  for (let i = 0; i < 4; i++) await picture.click({ position: { x: 4 + i, y: 4 } });
  await expect(check.getByText('Check failed, please try again')).toBeVisible();
  // Nothing logged in; a new picture starts over.
  // Until the count starts over: a click while the dialog still shows the failure can be lost.
  await clickUntilShown(
    check.getByRole('button', { name: 'New picture' }),
    check.getByText('Clicked 0 of 4'),
  );
  await expect(check.getByText('Clicked 0 of 4')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  const session = (await page.context().cookies()).find((c) => c.name === 'goploy_token');
  expect(session).toBeUndefined();
});
