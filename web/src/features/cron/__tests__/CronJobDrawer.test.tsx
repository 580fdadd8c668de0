import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dialogWith } from '../../../test/dialogWith';
import { openRowMenu } from '../../../test/openRowMenu';
import { JOB, jobs, openCronPage, rowOf } from './cronPageSetup';

// CodeMirror's merge view needs layout jsdom lacks: two boxes stand in, showing both texts.
vi.mock('../../../ui/LazyMergeDiff', () => ({
  LazyMergeDiff: (p: {
    local: string;
    remote: string;
    localLabel: string;
    remoteLabel: string;
  }) => (
    <>
      <pre aria-label={p.localLabel}>{p.local}</pre>
      <pre aria-label={p.remoteLabel}>{p.remote}</pre>
    </>
  ),
}));

/** Opens the add drawer from the empty list and returns queries within it. */
async function openAddDrawer() {
  fireEvent.click(await screen.findByRole('button', { name: /Add job/ }, { timeout: 5000 }));
  return dialogWith('Add a cron job');
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('CronJobDrawer', () => {
  it('checks the schedule as it is typed, with its words and the next five runs', async () => {
    openCronPage({ '/cron/getList': [jobs([])] });
    const drawer = await openAddDrawer();
    const schedule = drawer.getByLabelText('Schedule');
    type(schedule, '* * *');
    expect(await drawer.findByText('The schedule has 3 fields; it needs 5')).toBeTruthy();
    type(schedule, '61 * * * *');
    expect(await drawer.findByText('The minute field “61” is not valid')).toBeTruthy();
    type(schedule, '@often');
    expect(await drawer.findByText('@often is not a schedule cron knows')).toBeTruthy();
    type(schedule, '*/15 * * * *');
    expect(await drawer.findByText('Every 15 minutes')).toBeTruthy();
    expect(drawer.getByRole('list', { name: 'Next runs' }).querySelectorAll('li')).toHaveLength(5);
    type(schedule, '@reboot');
    expect(await drawer.findByText('Runs once each time the server starts')).toBeTruthy();
  });

  it('refuses an empty command, then adds the job with its fields', async () => {
    const net = openCronPage({
      '/cron/getList': [jobs([])],
      '/cron/add': [{ code: 0, data: { id: 3 } }],
    });
    const drawer = await openAddDrawer();
    fireEvent.click(drawer.getByRole('button', { name: 'Save' }));
    expect(await drawer.findByText('Enter the command')).toBeTruthy();
    type(drawer.getByLabelText('Command'), "echo 'marker' >> /tmp/out");
    fireEvent.click(drawer.getByRole('switch', { name: 'Single mode' }));
    fireEvent.click(drawer.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The job was added to the crontab')).toBeTruthy();
    expect(net.callsTo('/cron/add')[0]?.body).toEqual({
      serverId: 1,
      expression: '* * * * *',
      command: "echo 'marker' >> /tmp/out",
      singleMode: 1,
      logLevel: 1,
      description: '',
      state: 1,
      notifyType: 0,
      notifyTarget: '',
    });
  });

  it('shows a refused field under it', async () => {
    openCronPage({
      '/cron/getList': [jobs([])],
      '/cron/add': [{ code: 10003, message: 'command must not be empty' }],
    });
    const drawer = await openAddDrawer();
    type(drawer.getByLabelText('Command'), 'true');
    fireEvent.click(drawer.getByRole('button', { name: 'Save' }));
    expect(await drawer.findByText('must not be empty')).toBeTruthy();
  });

  it('asks about a hand-edited block, then keeps the hand edits outside it', async () => {
    const edited = {
      code: 2,
      message: 'The crontab block was edited by hand',
      reason: 'crontab_edited',
      data: {
        expected: '# ferry begin\n* * * * * job-7\n# ferry end',
        current: '# ferry begin\n* * * * * job-7\n5 * * * * mine\n# ferry end',
      },
    };
    const net = openCronPage({
      '/cron/getList': [jobs([])],
      '/cron/add': (req) =>
        (req.body as { resolve?: string }).resolve === 'keepOutside'
          ? { code: 0, data: { id: 4 } }
          : edited,
    });
    const drawer = await openAddDrawer();
    type(drawer.getByLabelText('Command'), 'true');
    fireEvent.click(drawer.getByRole('button', { name: 'Save' }));
    const ask = await dialogWith('The crontab was edited by hand');
    expect(ask.getByLabelText('Now on the server').textContent).toContain('5 * * * * mine');
    expect(ask.getByLabelText('As Ferry wrote it').textContent).not.toContain('mine');
    fireEvent.click(ask.getByRole('button', { name: 'Keep the hand edits outside the block' }));
    expect(await screen.findByText('The job was added to the crontab')).toBeTruthy();
    const adds = net.callsTo('/cron/add');
    expect(adds.map((c) => (c.body as { resolve?: string }).resolve)).toEqual([
      undefined,
      'keepOutside',
    ]);
  });

  it('changes nothing when the hand-edit question is cancelled', async () => {
    const net = openCronPage({
      '/cron/toggle': [
        {
          code: 2,
          message: 'edited',
          reason: 'crontab_edited',
          data: { expected: 'a', current: 'b' },
        },
      ],
    });
    fireEvent.click((await rowOf('backup.sh --all')).querySelector('[role="switch"]')!);
    const ask = await dialogWith('The crontab was edited by hand');
    fireEvent.click(ask.getByRole('button', { name: 'Cancel' }));
    // The switch stops waiting: the write was given up, not sent again.
    await waitFor(() => expect(document.querySelector('.ant-switch-loading')).toBeNull());
    expect(net.callsTo('/cron/toggle')).toHaveLength(1);
    expect(screen.queryByText('The job is disabled')).toBeNull();
  });

  it('edits a job keeping its masked address, or the whole address once shown', async () => {
    const masked = 'https://hooks.example.com/in?auth=••••7e11';
    const whole = 'https://hooks.example.com/in?auth=0123456789abcdef7e11';
    const net = openCronPage({
      '/cron/getList': [jobs([{ ...JOB, notifyType: 255, notifyTarget: masked }])],
      '/cron/showNotifyTarget': [{ code: 0, data: { notifyTarget: whole } }],
      '/cron/edit': [
        { code: 0, data: null },
        { code: 0, data: null },
      ],
    });
    const openEdit = async () => {
      await rowOf('backup.sh --all');
      fireEvent.click((await openRowMenu('nightly backup')).getByText('Edit'));
      return dialogWith('Edit the cron job');
    };
    let drawer = await openEdit();
    const address = () => drawer.getByLabelText<HTMLInputElement>('Webhook address');
    expect(address().value).toBe(masked);
    fireEvent.click(drawer.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.callsTo('/cron/edit')).toHaveLength(1));
    expect(net.callsTo('/cron/edit')[0]?.body).toMatchObject({ id: 7, notifyTarget: masked });

    await waitFor(() => expect(screen.queryByText('Edit the cron job')).toBeNull());
    drawer = await openEdit();
    fireEvent.click(drawer.getByRole('button', { name: /Show/ }));
    await waitFor(() => expect(address().value).toBe(whole));
    expect(net.callsTo('/cron/showNotifyTarget')[0]?.body).toEqual({ id: 7 });
    fireEvent.click(drawer.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.callsTo('/cron/edit')).toHaveLength(2));
    expect(net.callsTo('/cron/edit')[1]?.body).toMatchObject({ id: 7, notifyTarget: whole });
  });
});
