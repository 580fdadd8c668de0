import { HubType, Perm, ReviewState } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeRoutes } from '../../../test/fakeFetch';
import { queryOf } from '../../../test/fakeFetch';
import { onPhone } from '../../../test/onPhone';
import { renderApp } from '../../../test/renderApp';
import type { ReviewChanges } from '../utils/ReviewChanges';
import { commitInfo, deployRow, HEAD_SHA, reviewRow, SHA } from './deployRows';
import {
  ALL_DEPLOY_PERMS,
  cardOf,
  findCard,
  findDialog,
  hubFrame,
  withDeploys,
} from './deploySetup';

const LIVE_SHA = '0123456789abcdef0123456789abcdef01234567';
const MIDDLE_SHA = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';

const CHANGES: ReviewChanges = {
  commit: commitInfo({ branch: 'main', message: 'Ship the new cart', author: 'Alice' }),
  live: commitInfo({ branch: '', commit: LIVE_SHA, message: 'Old cart' }),
  commits: [
    commitInfo({ branch: '', message: 'Ship the new cart', author: 'Alice' }),
    commitInfo({ branch: '', commit: MIDDLE_SHA, message: 'Cart styles', author: 'Mia' }),
  ],
  dropped: [commitInfo({ branch: '', commit: HEAD_SHA, message: 'Hotfix on live', author: 'Bob' })],
  files: [
    { status: 'M', path: 'src/cart.ts', from: '' },
    { status: 'R', path: 'src/cart/view.ts', from: 'src/view.ts' },
    { status: 'D', path: 'old.txt', from: '' },
  ],
  truncated: false,
};

/** shop needs review: Alice's request waits, an older one (of no commit) was approved. */
function withReviews(changes: FakeRoutes[string]) {
  return withDeploys({
    permissionIds: [...ALL_DEPLOY_PERMS, Perm.DeployReview],
    list: [deployRow(1, 'shop', { review: 1, reviewCount: 1 })],
    routes: {
      '/project/getReviewList': [
        {
          code: 0,
          data: {
            list: [
              reviewRow(3),
              reviewRow(2, { state: ReviewState.approved, commitId: '', token: 'tok-2' }),
            ],
            pagination: { page: 1, rows: 10, total: 2 },
          },
        },
      ],
      '/deploy/getReviewChanges': changes,
      '/deploy/review': [{ code: 0, data: null }],
    },
  });
}

async function openReviews() {
  await findCard('shop');
  fireEvent.click(cardOf('shop').getByRole('button', { name: /1 to review/ }));
  return findDialog('Reviews of shop');
}

const TITLE = 'a1b2c3d, asked by Alice';

describe('a review’s changes', () => {
  it('shows the commit asked for, what it brings and takes away against the live one, and approves from its foot', async () => {
    const net = withReviews([{ code: 0, data: CHANGES }]);
    renderApp('/deploy/index');
    const reviews = await openReviews();
    const waiting = within((await reviews.findByText('Waiting')).closest('tr')!);
    // A review that names no commit (asked before they did) has no changes to show.
    const approved = within(reviews.getByText('Approved').closest('tr')!);
    expect(approved.queryByRole('button', { name: /Changes/ })).toBeNull();

    fireEvent.click(waiting.getByRole('button', { name: /Changes/ }));
    const drawer = await findDialog(TITLE);
    expect(await drawer.findByText('Ship the new cart', { selector: 'strong' })).toBeTruthy();
    expect(queryOf(net.callsTo('/deploy/getReviewChanges')[0])).toEqual({ id: '3' });
    expect(drawer.getByText('main')).toBeTruthy();
    expect(drawer.getByText('Compared with the live commit 0123456: Old cart')).toBeTruthy();

    const brings = within(drawer.getByRole('list', { name: 'Commits it brings' }));
    expect(brings.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual([
      'a1b2c3d',
      'bbbbbbb',
    ]);
    expect(brings.getByText('Cart styles')).toBeTruthy();
    expect(drawer.getByText('2 commits it brings')).toBeTruthy();
    expect(drawer.getByText('1 commit it takes away')).toBeTruthy();
    const away = within(drawer.getByRole('list', { name: 'Commits it takes away' }));
    expect(away.getByText('Hotfix on live')).toBeTruthy();

    const files = within(drawer.getByRole('list', { name: 'Changed files' }));
    expect(files.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Modifiedsrc/cart.ts',
      'Renamedsrc/view.ts → src/cart/view.ts',
      'Deletedold.txt',
    ]);

    fireEvent.click(drawer.getByRole('button', { name: 'Approve' }));
    const confirm = await findDialog('Approve the deploy of shop?');
    fireEvent.click(confirm.getByRole('button', { name: 'Approve and deploy' }));
    await waitFor(() =>
      expect(net.callsTo('/deploy/review')[0]?.body).toEqual({
        projectReviewId: 3,
        state: 1,
        reason: '',
      }),
    );
  });

  it('reads while it opens, says when its read failed with a retry, and when nothing is live', async () => {
    let answer: (a: { code: number; message?: string; data?: unknown }) => void = () => {};
    const answers = [
      () => new Promise<{ code: number; message?: string }>((r) => (answer = r)),
      () => ({ code: 0, data: { ...CHANGES, live: null, commits: [], dropped: [], files: [] } }),
    ];
    withReviews(() => answers.shift()!());
    renderApp('/deploy/index');
    const reviews = await openReviews();
    fireEvent.click(
      within((await reviews.findByText('Waiting')).closest('tr')!).getByRole('button', {
        name: /Changes/,
      }),
    );
    const drawer = await findDialog(TITLE);
    expect(drawer.getByLabelText('Reading the changes')).toBeTruthy();
    answer({ code: 2, message: 'The repository could not be reached' });
    expect(await drawer.findByText('Could not read the changes')).toBeTruthy();
    expect(drawer.getByText('The repository could not be reached')).toBeTruthy();

    fireEvent.click(drawer.getByRole('button', { name: 'Retry' }));
    expect(
      await drawer.findByText(
        'No release is live on all of the project’s servers: there is nothing to compare this commit with.',
      ),
    ).toBeTruthy();
    expect(drawer.queryByRole('list', { name: 'Changed files' })).toBeNull();
  });

  it('opens from a review card’s menu on a phone, the whole screen wide', async () => {
    onPhone();
    withReviews([{ code: 0, data: { ...CHANGES, dropped: [], truncated: true } }]);
    renderApp('/deploy/index');
    await openReviews();
    const more = await screen.findAllByRole('button', {
      name: 'More actions for Alice 2026-11-20 10:00:00',
    });
    fireEvent.click(more[0]!);
    fireEvent.click(await screen.findByRole('menuitem', { name: /Changes/ }));
    const drawer = await findDialog(TITLE);
    expect(
      await drawer.findByText('The lists are long: only their first part is shown.'),
    ).toBeTruthy();
    expect(drawer.queryByText(/takes away/)).toBeNull();
    const panel = document.querySelectorAll<HTMLElement>('.ant-drawer-content-wrapper');
    expect([...panel].at(-1)!.style.width).toBe('100%');
  });

  it('tells reviewers the commit of a new request and how far it is from the live one', async () => {
    withReviews([{ code: 0, data: CHANGES }]);
    renderApp('/deploy/index');
    await findCard('shop');
    hubFrame(HubType.deployReview, {
      projectId: 1,
      projectName: 'shop',
      reviewId: 3,
      creatorId: 7,
      state: 0,
      creator: 'Alice',
      editor: '',
      reason: '',
      token: '',
      branch: 'main',
      commitId: SHA,
      commitMessage: 'Ship the new cart',
      changes: { commits: 2, files: 1 },
    });
    const toast = await screen.findByText('Alice asks to deploy shop');
    const notice = within(toast.closest('.ant-notification-notice')!);
    expect(
      notice.getByText(
        'a1b2c3d of main: Ship the new cart 2 commits and 1 file changed since the live release.',
        { normalizer: (s) => s.replace(/\s+/g, ' ').trim() },
      ),
    ).toBeTruthy();
  });
});
