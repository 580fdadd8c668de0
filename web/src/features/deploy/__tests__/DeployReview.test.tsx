import { HubType, Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryOf } from '../../../test/fakeFetch';
import { ME } from '../../../test/loggedIn';
import { renderApp } from '../../../test/renderApp';
import { deployRow, reviewRow } from './deployRows';
import {
  ALL_DEPLOY_PERMS,
  cardOf,
  findCard,
  findDialog,
  hubFrame,
  pickMenu,
  withDeploys,
} from './deploySetup';

const REVIEWER = [...ALL_DEPLOY_PERMS, Perm.DeployReview];

/** shop needs review and has one waiting request (of Alice), one approved and one rejected. */
function withReviews(permissionIds: readonly number[] = REVIEWER) {
  return withDeploys({
    permissionIds,
    list: [deployRow(1, 'shop', { review: 1, reviewCount: 1 })],
    routes: {
      '/project/getReviewList': [
        {
          code: 0,
          data: {
            list: [
              reviewRow(3),
              reviewRow(2, { state: 1, editor: 'Bob', token: 'tok-2', commitId: '' }),
              reviewRow(1, { state: 2, editor: 'Bob', reason: 'Wait for the freeze to end' }),
            ],
            pagination: { page: 1, rows: 10, total: 3 },
          },
        },
      ],
      '/deploy/review': [{ code: 0, data: null }],
      '/deploy/getPublishLog': [{ code: 0, data: { lines: [], truncated: false } }],
      '/deploy/getPublishTrace': [{ code: 0, data: { list: [] } }],
      '/deploy/getPublishProgress': [
        { code: 0, data: { state: 1, stage: 'queue', message: '', status: 'queued', ahead: 0 } },
      ],
    },
  });
}

async function openReviews() {
  await findCard('shop');
  fireEvent.click(cardOf('shop').getByRole('button', { name: /1 to review/ }));
  return findDialog('Reviews of shop');
}

const rowOf = (drawer: Awaited<ReturnType<typeof findDialog>>, text: string) =>
  within(drawer.getAllByText(text)[0]!.closest('tr')!);

describe('deploy review on the deploy page', () => {
  it('shows reviewers the waiting count; the list tells each decision and approves after asking', async () => {
    const net = withReviews();
    renderApp('/deploy/index');
    const drawer = await openReviews();
    expect(await drawer.findByText('Wait for the freeze to end')).toBeTruthy();
    expect(queryOf(net.callsTo('/project/getReviewList')[0])).toMatchObject({
      id: '1',
      page: '1',
      rows: '10',
    });
    expect(drawer.getByText('Waiting')).toBeTruthy();
    expect(drawer.getByText('Approved')).toBeTruthy();
    expect(drawer.getByText('Rejected')).toBeTruthy();
    expect(drawer.getAllByText('by Bob')).toHaveLength(2);
    // The approved request asked for the branch head; its deploy opens from the row.
    expect(drawer.getByText('head of the branch')).toBeTruthy();

    fireEvent.click(rowOf(drawer, 'Waiting').getByRole('button', { name: /Approve/ }));
    const confirm = await findDialog('Approve the deploy of shop?');
    expect(
      confirm.getByText('a1b2c3d of main deploys now, as Alice, who asked for it.'),
    ).toBeTruthy();
    expect(net.callsTo('/deploy/review')).toHaveLength(0);
    fireEvent.click(confirm.getByRole('button', { name: 'Approve and deploy' }));
    await waitFor(() => expect(net.callsTo('/deploy/review')).toHaveLength(1));
    expect(net.callsTo('/deploy/review')[0]).toMatchObject({
      method: 'PUT',
      body: { projectReviewId: 3, state: 1, reason: '' },
    });
    expect(await screen.findByText('Approved: the deploy of shop runs as Alice')).toBeTruthy();
    // The counts and the list are asked again.
    await waitFor(() => expect(net.callsTo('/project/getReviewList').length).toBeGreaterThan(1));
    await waitFor(() => expect(net.callsTo('/deploy/getList').length).toBeGreaterThan(1));
  });

  it('rejects with the reason told to the member who asked', async () => {
    const net = withReviews();
    renderApp('/deploy/index');
    const drawer = await openReviews();
    await drawer.findByText('Wait for the freeze to end');
    // Reading the changes comes first on a waiting row; rejecting is in its More menu.
    fireEvent.click(
      rowOf(drawer, 'Waiting').getByRole('button', {
        name: 'More actions for Alice 2026-11-20 10:00:00',
      }),
    );
    fireEvent.click(await screen.findByRole('menuitem', { name: /Reject/ }));
    const dialog = await findDialog('Reject the deploy of shop');
    expect(dialog.getByText('Alice asked to deploy a1b2c3d of main.')).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Reason' }), {
      target: { value: '  Not during the sale  ' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(net.callsTo('/deploy/review')).toHaveLength(1));
    expect(net.callsTo('/deploy/review')[0]?.body).toEqual({
      projectReviewId: 3,
      state: 2,
      reason: 'Not during the sale',
    });
    expect(await screen.findByText('Rejected the deploy of shop')).toBeTruthy();
  });

  it('opens the deploy an approval started', async () => {
    withReviews();
    renderApp('/deploy/index');
    const drawer = await openReviews();
    await drawer.findByText('Wait for the freeze to end');
    fireEvent.click(rowOf(drawer, 'Approved').getByRole('button', { name: /Open deploy/ }));
    expect(await findDialog('Deploy of shop')).toBeTruthy();
  });

  it('shows a member who may not review that a deploy waits, with no way to decide', async () => {
    withReviews(ALL_DEPLOY_PERMS);
    renderApp('/deploy/index');
    const card = await findCard('shop');
    expect(card.getByText('Waiting for review')).toBeTruthy();
    expect(card.queryByRole('button', { name: /to review/ })).toBeNull();
    fireEvent.click(card.getByRole('button', { name: 'More actions for shop' }));
    await screen.findByRole('menuitem', { name: /History/ });
    expect(screen.queryByRole('menuitem', { name: /Reviews/ })).toBeNull();
  });

  it('offers the review list in the menu of a project under review', async () => {
    withReviews();
    renderApp('/deploy/index');
    await findCard('shop');
    await pickMenu('shop', 'Reviews');
    expect(await findDialog('Reviews of shop')).toBeTruthy();
  });

  it('tells reviewers of a new request, with a way to the list', async () => {
    const net = withReviews();
    renderApp('/deploy/index');
    await findCard('shop');
    const frame = { projectId: 1, projectName: 'shop', reviewId: 3, creatorId: 7 };
    hubFrame(HubType.deployReview, {
      ...frame,
      state: 0,
      creator: 'Alice',
      editor: '',
      reason: '',
      token: '',
    });
    const toast = await screen.findByText('Alice asks to deploy shop');
    await waitFor(() => expect(net.callsTo('/deploy/getList').length).toBeGreaterThan(1));
    fireEvent.click(
      within(toast.closest('.ant-notification-notice')!).getByRole('button', { name: 'Review' }),
    );
    expect(await findDialog('Reviews of shop')).toBeTruthy();
  });

  it('tells the member who asked of the decision: approved (with its deploy) or rejected', async () => {
    withReviews(ALL_DEPLOY_PERMS);
    renderApp('/deploy/index');
    await findCard('shop');
    const mine = { projectId: 1, projectName: 'shop', creatorId: ME.id, creator: ME.name };
    hubFrame(HubType.deployReview, {
      ...mine,
      reviewId: 4,
      state: 2,
      editor: 'Bob',
      reason: 'Not during the sale',
      token: '',
    });
    expect(await screen.findByText('Bob rejected your deploy of shop')).toBeTruthy();
    expect(screen.getByText('Not during the sale')).toBeTruthy();

    hubFrame(HubType.deployReview, {
      ...mine,
      reviewId: 5,
      state: 1,
      editor: 'Bob',
      reason: '',
      token: 'tok-5',
    });
    const toast = await screen.findByText('Bob approved your deploy of shop');
    fireEvent.click(
      within(toast.closest('.ant-notification-notice')!).getByRole('button', { name: 'Follow' }),
    );
    expect(await findDialog('Deploy of shop')).toBeTruthy();
  });

  it('says nothing to a member about requests of others', async () => {
    withReviews(ALL_DEPLOY_PERMS);
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
    });
    // A frame for this member, sent after it, shows: the one before it was passed over.
    hubFrame(HubType.deployReview, {
      projectId: 1,
      projectName: 'shop',
      reviewId: 6,
      creatorId: ME.id,
      creator: ME.name,
      state: 2,
      editor: 'Bob',
      reason: '',
      token: '',
    });
    expect(await screen.findByText('Bob rejected your deploy of shop')).toBeTruthy();
    expect(screen.queryByText('Alice asks to deploy shop')).toBeNull();
  });
});
