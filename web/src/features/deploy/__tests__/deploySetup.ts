import { HubType, Perm } from '@ferry/contract/client';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll } from 'vitest';
import { publishFrame } from '../../../api/hub/hubFrames';
import type { FakeRoutes } from '../../../test/fakeFetch';
import { loggedIn } from '../../../test/loggedIn';
import { LazySelect } from '../../../ui/LazySelect';
import * as dialogs from '../components/lazyDialogs';
import type { DeployRow } from '../utils/DeployRow';

// The dialogs and the filters' select load on first use; loaded up front, they open at once as
// in a warm app.
beforeAll(() =>
  Promise.all([...Object.values(dialogs).map((d) => d.preload()), LazySelect.preload()]),
);

export const ALL_DEPLOY_PERMS = [
  Perm.ShowDeployPage,
  Perm.GetAllDeployList,
  Perm.DeployDetail,
  Perm.DeployProject,
  Perm.DeployResetState,
  Perm.GreyDeploy,
  Perm.DeployRollback,
];

interface Setup {
  list?: readonly DeployRow[];
  permissionIds?: readonly number[];
  routes?: FakeRoutes;
}

/** Logged in to namespace 1; the API answers the deploy list and the members. */
export function withDeploys({
  list = [],
  permissionIds = ALL_DEPLOY_PERMS,
  routes = {},
}: Setup = {}) {
  return loggedIn({
    permissionIds,
    routes: {
      '/deploy/getList': [{ code: 0, data: { list } }],
      // The confirmation fetches the origin (through the branch list) before reading its head.
      '/repository/getBranchList': [{ code: 0, data: { list: ['origin/main'] } }],
      '/namespace/getUserOption': [
        {
          code: 0,
          data: {
            list: [
              { userId: 5, userName: 'Myself', roleId: 1 },
              { userId: 7, userName: 'Alice', roleId: 2 },
            ],
          },
        },
      ],
      ...routes,
    },
  });
}

/** Waits for the card of the project named `name`. */
export const findCard = (name: string) =>
  screen.findByRole('article', { name }, { timeout: 5000 }).then((c) => within(c));

/** The card of the project named `name`, already on screen. */
export const cardOf = (name: string) => within(screen.getByRole('article', { name }));

/** The open dialog or drawer whose title is `title`. */
export function dialogTitled(title: string) {
  const dialog = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find(
    (d) => within(d).queryAllByText(title).length > 0,
  );
  if (!dialog) throw new Error(`no dialog titled ${title}`);
  return within(dialog);
}

/** Waits for the dialog or drawer whose title is `title`. */
export async function findDialog(title: string) {
  await screen.findAllByText(title, {}, { timeout: 5000 });
  return dialogTitled(title);
}

/** Opens a card's "More" menu and picks `item`. */
export async function pickMenu(name: string, item: string) {
  fireEvent.click(cardOf(name).getByRole('button', { name: `More actions for ${name}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: new RegExp(item) }));
}

/** The hub delivers a frame of `type` to the page. */
export function hubFrame(type: number, message: unknown) {
  act(() => publishFrame({ type, message }));
}

export const progress = (message: unknown) => hubFrame(HubType.deployProgress, message);
