import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openRowMenu } from '../../../test/openRowMenu';
import { JOB, jobs, openCronPage, rowOf } from './cronPageSetup';

describe('CronPage', () => {
  it('lists the jobs with their schedule in words, options, switch and last run', async () => {
    openCronPage({});
    const row = await rowOf('backup.sh --all');
    const cells = within(row);
    expect(cells.getByText('*/5 * * * mon-fri')).toBeTruthy();
    expect(cells.getByText('Every 5 minutes, Monday through Friday')).toBeTruthy();
    expect(cells.getByText('nightly backup')).toBeTruthy();
    expect(cells.getByText('Single')).toBeTruthy();
    expect(cells.getByText('Output and errors')).toBeTruthy();
    expect(cells.getByText('Exit 0')).toBeTruthy();
    expect(cells.getByText('2026-03-01 12:05:00')).toBeTruthy();
    expect(
      cells.getByRole('switch', { name: 'Enabled: nightly backup' }).getAttribute('aria-checked'),
    ).toBe('true');
  });

  it("shows a job goploy's app added with seconds as the crontab line it became", async () => {
    const sent = { ...JOB, expression: '0 */5 * * * ?', crontabExpression: '*/5 * * * *' };
    openCronPage({ '/cron/getList': [jobs([sent])] });
    const cells = within(await rowOf('backup.sh --all'));
    expect(cells.getByText('*/5 * * * *')).toBeTruthy();
    expect(cells.getByText('Every 5 minutes')).toBeTruthy();
    expect(cells.queryByText('0 */5 * * * ?')).toBeNull();
  });

  it('marks a failed and a skipped last run, and a job never run', async () => {
    openCronPage({
      '/cron/getList': [
        jobs([
          {
            ...JOB,
            id: 1,
            command: 'a',
            description: '',
            lastRun: { ...JOB.lastRun, execCode: 3 },
          },
          {
            ...JOB,
            id: 2,
            command: 'b',
            description: '',
            lastRun: { ...JOB.lastRun, skipped: true },
          },
          { ...JOB, id: 3, command: 'c', description: '', lastRun: null },
        ]),
      ],
    });
    expect(within(await rowOf('a')).getByText('Exit 3')).toBeTruthy();
    expect(within(await rowOf('b')).getByText('Skipped')).toBeTruthy();
    expect(within(await rowOf('c')).getByText('Not run yet')).toBeTruthy();
  });

  it('says when the block was edited by hand, and invites the first job on an empty server', async () => {
    openCronPage({
      '/cron/getList': [jobs([], { state: 'edited', user: 'deploy', error: '' })],
    });
    expect(
      await screen.findByText(
        "Ferry's block in deploy's crontab was changed by hand",
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(
      await screen.findByText('No cron jobs on this server yet. Add one with “Add job”.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add job/ })).toBeTruthy();
  });

  it('does not invite a user who may not add jobs to add one', async () => {
    openCronPage({ '/cron/getList': [jobs([], { state: 'ok', user: 'deploy', error: '' })] }, [
      Perm.ShowCronPage,
    ]);
    expect(
      await screen.findByText('No cron jobs on this server yet.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByText(/Add one with/)).toBeNull();
  });

  it('offers only viewing to a user who may not change jobs', async () => {
    openCronPage({}, [Perm.ShowCronPage]);
    const row = await rowOf('backup.sh --all');
    expect(within(row).getByRole('switch')).toHaveProperty('disabled', true);
    expect(within(row).getByText('Runs')).toBeTruthy();
    expect(within(row).queryByText('Edit')).toBeNull();
    expect(within(row).queryByLabelText('More actions for nightly backup')).toBeNull();
    expect(screen.queryByRole('button', { name: /Add job/ })).toBeNull();
  });

  it('switches a job off and deletes one after asking', async () => {
    const net = openCronPage({
      '/cron/toggle': [{ code: 0, data: null }],
      '/cron/remove': [{ code: 0, data: null }],
    });
    const row = await rowOf('backup.sh --all');
    fireEvent.click(within(row).getByRole('switch'));
    expect(await screen.findByText('The job is disabled')).toBeTruthy();
    expect(net.callsTo('/cron/toggle')[0]?.body).toEqual({ id: 7, state: 0 });

    const menu = await openRowMenu('nightly backup');
    fireEvent.click(menu.getByText('Delete'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The job was deleted')).toBeTruthy();
    expect(net.callsTo('/cron/remove')[0]?.body).toEqual({ id: 7 });
  });

  it('shows a job runs with their output and a warning when the server was not reached', async () => {
    openCronPage({
      '/cron/getLogs': [
        {
          code: 0,
          data: {
            list: [
              {
                id: 1,
                cronId: 7,
                serverId: 1,
                execCode: 0,
                message: 'backed up 3 files',
                reportTime: '2026-03-01 12:05:02',
                insertTime: '2026-03-01 12:06:00',
                startTime: '2026-03-01 12:05:00',
                durationMs: 2000,
                skipped: false,
              },
            ],
            total: 1,
            syncError: 'connect ECONNREFUSED',
          },
        },
      ],
    });
    const row = await rowOf('backup.sh --all');
    fireEvent.click(within(row).getByText('Runs'));
    expect(await screen.findByText('backed up 3 files')).toBeTruthy();
    expect(screen.getByText('2 s')).toBeTruthy();
    expect(
      screen.getByText('The server could not be reached: new runs may be missing'),
    ).toBeTruthy();
    expect(screen.getByText('connect ECONNREFUSED')).toBeTruthy();
  });
});
