import { act, fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../../../test/renderApp';
import { serverRow } from './serverRows';
import { buttonIn, dialogTitled, typeInto, withServers } from './serverSetup';

export const WEB = serverRow(1, 'web-1', {
  owner: 'root',
  ip: '192.168.1.10',
  description: 'Front',
  hasPassword: true,
});
export const KEYED = serverRow(2, 'api-1', {
  authType: 'key',
  hasPassword: false,
  hasPrivateKey: true,
  hasPassphrase: true,
  jumpIP: 'bastion.example.com',
  jumpOwner: 'hop',
  jumpPort: 2222,
  jumpAuthType: 'password',
  hasJumpPassword: true,
});
export const ADDED = { '/server/add': [{ code: 0, data: { id: 9 } }] };

export const findRow = (name: string) =>
  screen.findByText(name, { selector: 'td strong' }, { timeout: 5000 });

/** Opens the add form on a page listing `WEB`. */
export async function openAdd(routes = {}, superManager: 0 | 1 = 1) {
  const net = withServers({ list: [WEB], routes: { ...ADDED, ...routes }, superManager });
  renderApp('/server/index');
  await findRow('web-1');
  fireEvent.click(buttonIn(screen, 'Add server'));
  return { net, dialog: dialogTitled('Add a server') };
}

export function fillTarget() {
  typeInto('name', ' app-1 ');
  typeInto('ip', ' 10.1.2.3 ');
  typeInto('owner', 'deploy');
}

/**
 * Picks a way to log in (the jump host's with `index` 1). The form shows the fields of the new
 * choice a moment later (antd's watchers notify in a microtask): wait for that, as a user would.
 */
export async function chooseAuth(
  dialog: ReturnType<typeof dialogTitled>,
  label: string,
  index = 0,
) {
  fireEvent.click(dialog.getAllByLabelText(label)[index]!);
  await act(() => Promise.resolve());
}

/** Turns the jump host section on or off, and waits for its fields to follow. */
export async function toggleJump(dialog: ReturnType<typeof dialogTitled>) {
  fireEvent.click(dialog.getByLabelText('Connect through a jump host'));
  await act(() => Promise.resolve());
}

export const TARGET = {
  name: 'app-1',
  namespaceId: 1,
  os: 'linux',
  description: '',
  ip: '10.1.2.3',
  port: 22,
  owner: 'deploy',
  jumpIP: '',
  jumpPort: 0,
  jumpOwner: '',
};
