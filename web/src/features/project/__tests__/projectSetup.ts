import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll } from 'vitest';
import * as dialogs from '../components/lazyDialogs';
import type { FakeRoutes } from '../../../test/fakeFetch';
import { loggedIn } from '../../../test/loggedIn';
import type { ProjectRow } from '../utils/ProjectRow';
import { MEMBER_OPTIONS, SERVER_OPTIONS } from './projectRows';

// The drawer loads on first opening; loaded up front, it opens at once as in a warm app.
beforeAll(() => Promise.all(Object.values(dialogs).map((d) => d.preload())));

export const ALL_PROJECT_PERMS = [
  Perm.ShowProjectPage,
  Perm.GetAllProjectList,
  Perm.AddProject,
  Perm.EditProject,
  Perm.DeleteProject,
  Perm.SwitchProjectWebhook,
];

export const PUBLIC_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFerryConsoleKey ferry@console';

interface Setup {
  list?: readonly ProjectRow[];
  labels?: readonly string[];
  permissionIds?: readonly number[];
  routes?: FakeRoutes;
}

/** Logged in to namespace 1; the API answers the projects, labels, servers and members. */
export function withProjects({
  list = [],
  labels = [],
  permissionIds = ALL_PROJECT_PERMS,
  routes = {},
}: Setup = {}) {
  return loggedIn({
    permissionIds,
    routes: {
      '/project/getList': [{ code: 0, data: { list } }],
      '/project/getLabelList': [{ code: 0, data: { list: labels } }],
      '/server/getOption': [{ code: 0, data: { list: SERVER_OPTIONS } }],
      '/namespace/getUserOption': [{ code: 0, data: { list: MEMBER_OPTIONS } }],
      '/server/getPublicKey': [{ code: 0, data: { key: PUBLIC_KEY } }],
      ...routes,
    },
  });
}

/** Waits for the list to show the project named `name`. */
export const findRow = (name: string) =>
  screen.findByText(name, { selector: 'td strong' }, { timeout: 5000 });

/** The table row of the project named `name`. */
export function rowOf(name: string) {
  const row = screen.getByText(name, { selector: 'td strong' }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
}

type Scope = Pick<typeof screen, 'queryByText' | 'queryByLabelText'>;

/** The button labelled `text` inside `scope` (compact row actions carry only an aria-label). */
export function buttonIn(scope: Scope, text: string): HTMLButtonElement {
  const button =
    scope.queryByText(text)?.closest('button') ??
    scope.queryByLabelText<HTMLButtonElement>(text, { selector: 'button' });
  if (!button) throw new Error(`no ${text} button`);
  return button;
}

/** The open dialog or drawer whose title is `title`. */
export function dialogTitled(title: string) {
  // A selector rather than a role query: role queries crawl the whole table in jsdom.
  const dialog = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find(
    (d) => within(d).queryAllByText(title).length > 0,
  );
  if (!dialog) throw new Error(`no dialog titled ${title}`);
  return within(dialog);
}

/** A form field by its id (antd gives each field the id of its name path, joined by `_`). */
export function fieldById<T extends HTMLElement = HTMLInputElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`no field ${id}`);
  return el as T;
}

export function typeInto(id: string, value: string) {
  fireEvent.change(fieldById(id), { target: { value } });
}

/** Opens the antd Select with the field id `id` and picks the option showing `text`. */
export async function pickOption(id: string, text: string | RegExp) {
  fireEvent.mouseDown(fieldById(id));
  fireEvent.click(
    await screen.findByText(text, {
      selector: '.ant-select-item-option-content *, .ant-select-item-option-content',
    }),
  );
}
