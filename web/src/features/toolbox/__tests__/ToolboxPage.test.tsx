import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loggedIn } from '../../../test/loggedIn';
import { renderApp } from '../../../test/renderApp';

/** Room for a lazily loaded tool's first download and compile in a busy test run. */
const LOAD = { timeout: 5000 };

describe('ToolboxPage', () => {
  it('shows only the panel of the mode in the address, open to a member with no permission', async () => {
    loggedIn({ permissionIds: [] });
    renderApp('/toolbox/index?mode=cron');
    expect(await screen.findByRole('heading', { name: 'Toolbox' }, LOAD)).toBeTruthy();
    expect(await screen.findByLabelText('Cron expression', {}, LOAD)).toBeTruthy();
    expect(screen.queryByLabelText('Size')).toBeNull();
    expect(screen.queryByLabelText('Hex colour')).toBeNull();
  });

  it('switches the panel and the address together', async () => {
    loggedIn();
    const { router } = renderApp('/toolbox/index?mode=cron');
    await screen.findByLabelText('Cron expression', {}, LOAD);
    fireEvent.click(screen.getByText('Bytes'));
    expect(await screen.findByLabelText('Size', {}, LOAD)).toBeTruthy();
    expect(screen.queryByLabelText('Cron expression')).toBeNull();
    await waitFor(() => expect(router.state.location.search).toEqual({ mode: 'byte' }));
  });

  it('shows the date tool for a missing or unknown mode', async () => {
    loggedIn();
    renderApp('/toolbox/index?mode=nope');
    expect(await screen.findByRole('heading', { name: 'Toolbox' }, LOAD)).toBeTruthy();
    expect((await screen.findAllByLabelText(/Timestamp/, {}, LOAD)).length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('Cron expression')).toBeNull();
  });

  it('describes cron in Chinese whatever the interface language', async () => {
    loggedIn();
    renderApp('/toolbox/index?mode=cron');
    const input = await screen.findByLabelText('Cron expression', {}, LOAD);
    fireEvent.change(input, { target: { value: '* * * * *' } });
    fireEvent.click(screen.getByRole('button', { name: 'Describe the expression' }));
    expect(await screen.findByText('每分钟', {}, LOAD)).toBeTruthy();
  });

  it('is not in the side menu', async () => {
    loggedIn();
    renderApp('/toolbox/index?mode=color');
    await screen.findByLabelText('Hex colour', {}, LOAD);
    expect(screen.queryByRole('menuitem', { name: /Toolbox/ })).toBeNull();
  });
});

describe('JsonFormatterPage', () => {
  it('shows the JSON tool alone under its own title', async () => {
    loggedIn();
    renderApp('/toolbox/json');
    expect(await screen.findByRole('heading', { name: 'JSON formatter' }, LOAD)).toBeTruthy();
    expect(await screen.findByLabelText('JSON', {}, LOAD)).toBeTruthy();
    expect(screen.queryByLabelText('Cron expression')).toBeNull();
  });
});
