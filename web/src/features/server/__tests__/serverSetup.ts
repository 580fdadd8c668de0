import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll } from 'vitest';
import * as dialogs from '../components/lazyDialogs';
import { loggedIn } from '../../../test/loggedIn';
import type { FakeRoutes } from '../../../test/fakeFetch';
import type { ServerRow } from '../utils/ServerRow';

// The page's dialogs load on first opening; loaded up front, they open at once as in a warm app.
beforeAll(() => Promise.all(Object.values(dialogs).map((d) => d.preload())));

export const ALL_SERVER_PERMS = [
  Perm.ShowServerPage,
  Perm.AddServer,
  Perm.EditServer,
  Perm.SwitchServerState,
  Perm.ImportCSV,
];

export const PUBLIC_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFerryConsoleKey ferry@console';

interface Setup {
  list?: readonly ServerRow[];
  superManager?: 0 | 1;
  permissionIds?: readonly number[];
  routes?: FakeRoutes;
}

/** Logged in to namespace 1 ("default"); the list answers `list`, the console key `PUBLIC_KEY`. */
export function withServers({
  list = [],
  superManager = 1,
  permissionIds = ALL_SERVER_PERMS,
  routes = {},
}: Setup = {}) {
  return loggedIn({
    superManager,
    permissionIds,
    routes: {
      '/server/getList': [{ code: 0, data: { list } }],
      '/server/getPublicKey': [{ code: 0, data: { key: PUBLIC_KEY } }],
      ...routes,
    },
  });
}

/** The table row of the server named `name`. */
export function rowOf(name: string) {
  const row = screen.getByText(name, { selector: 'td strong' }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
}

/** Where to look: the screen, or `within` an element. */
type Scope = Pick<typeof screen, 'queryByText' | 'queryByLabelText'>;

/** The button labelled `text` inside `scope` (role queries are slow on antd tables in jsdom). */
export function buttonIn(scope: Scope, text: string): HTMLButtonElement {
  // Row actions narrower than 1600px show only their icon, named by aria-label.
  const button =
    scope.queryByText(text)?.closest('button') ??
    scope.queryByLabelText<HTMLButtonElement>(text, { selector: 'button' });
  if (!button) throw new Error(`no ${text} button`);
  return button;
}

/** The open dialog whose title is `title`. */
export function dialogTitled(title: string) {
  const dialog = screen
    .getAllByRole('dialog')
    .find((d) => within(d).queryAllByText(title).length > 0);
  if (!dialog) throw new Error(`no dialog titled ${title}`);
  return within(dialog);
}

/** A form field by its id (antd gives each field the id of its name). */
export function fieldById<T extends HTMLElement = HTMLInputElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`no field ${id}`);
  return el as T;
}

export function typeInto(id: string, value: string) {
  fireEvent.change(fieldById(id), { target: { value } });
}
