import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pressEnter } from './pressEnter';
import { loggedIn } from '../../../test/loggedIn';
import { renderApp } from '../../../test/renderApp';

/** Room for a lazily loaded tool's first download and compile in a busy test run. */
const LOAD = { timeout: 5000 };

/** A member with no permission on their profile, the toolbox dialog opened from the navbar. */
async function openToolbox() {
  loggedIn({ routes: { '/user/getApiKey': [{ code: 0, data: '' }] } });
  const app = renderApp('/user/profile');
  fireEvent.click(await screen.findByRole('button', { name: 'Toolbox' }, LOAD));
  const dialog = await screen.findByRole('dialog', { name: 'Toolbox' }, LOAD);
  return { app, dialog };
}

describe('ToolboxDialog', () => {
  it('opens from the navbar with all ten tools as tabs, the date tool first', async () => {
    const { dialog } = await openToolbox();
    const tabs = within(dialog)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Date / timestamp',
      'JSON',
      'Password',
      'Unicode',
      'URI decode',
      'MD5',
      'Crontab',
      'QR code',
      'Bytes',
      'Colour',
    ]);
    expect(within(dialog).getByRole('tab', { name: 'Date / timestamp' }).ariaSelected).toBe('true');
    expect((await within(dialog).findAllByLabelText(/Timestamp/, {}, LOAD)).length).toBeGreaterThan(
      0,
    );
  });

  it('switches tabs and describes a cron expression in the interface language', async () => {
    const { dialog } = await openToolbox();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Crontab' }));
    const input = await within(dialog).findByLabelText('Cron expression', {}, LOAD);
    fireEvent.change(input, { target: { value: '*/10 * * * *' } });
    pressEnter(input);
    expect(await within(dialog).findByText('Every 10 minutes', {}, LOAD)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('tab', { name: 'Bytes' }));
    expect(await within(dialog).findByLabelText('Size', {}, LOAD)).toBeTruthy();
  });

  it('keeps what was typed when closed and opened again', async () => {
    const { dialog } = await openToolbox();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Colour' }));
    fireEvent.change(await within(dialog).findByLabelText('Hex colour', {}, LOAD), {
      target: { value: '#1E90FF' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Toolbox' }));
    const again = await screen.findByRole('dialog', { name: 'Toolbox' }, LOAD);
    expect(within(again).getByLabelText<HTMLInputElement>('Hex colour').value).toBe('#1E90FF');
  });

  it('opens the current tool on the Tools page and closes itself', async () => {
    const { app, dialog } = await openToolbox();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Bytes' }));
    fireEvent.click(within(dialog).getByRole('link', { name: /Open as a page/ }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/toolbox/index'));
    expect(app.router.state.location.search).toEqual({ mode: 'byte' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Toolbox' })).toBeNull());
  });

  it('offers no page link for a tool the Tools page does not have', async () => {
    const { dialog } = await openToolbox();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'QR code' }));
    expect(await within(dialog).findByLabelText('Text to encode', {}, LOAD)).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: /Open as a page/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'JSON' }));
    expect(
      within(dialog)
        .getByRole('link', { name: /Open as a page/ })
        .getAttribute('href'),
    ).toBe('/toolbox/json');
  });
});
