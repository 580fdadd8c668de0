import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FENCE_OK, openCronPage } from './cronPageSetup';

const line = (lineNo: number, text: string, kind: string, more: object = {}) => ({
  lineNo,
  text,
  kind,
  expression: '',
  command: '',
  runAs: '',
  cronId: 0,
  ...more,
});

const CHECKSUM = 'a'.repeat(64);

/** The SSH user's crontab (a variable, two jobs, Ferry's block) and a read-only system one. */
const CRONTAB = {
  code: 0,
  data: {
    user: 'deploy',
    checksum: CHECKSUM,
    fence: { ...FENCE_OK, expected: '', current: '' },
    sources: [
      {
        source: 'crontab',
        user: 'deploy',
        editable: true,
        lines: [
          line(1, 'MAILTO=""', 'env'),
          line(2, '0 3 * * * /opt/rotate.sh', 'job', {
            expression: '0 3 * * *',
            command: '/opt/rotate.sh',
          }),
          line(3, '*/10 * * * * /opt/poll.sh', 'job', {
            expression: '*/10 * * * *',
            command: '/opt/poll.sh',
          }),
          line(4, '# ferry begin', 'fence'),
          line(5, '* * * * * /home/deploy/.ferry/cron/run 7', 'managed', {
            expression: '* * * * *',
            command: 'backup.sh --all',
            cronId: 7,
          }),
          line(6, '# ferry end', 'fence'),
        ],
      },
      {
        source: '/etc/crontab',
        user: 'root',
        editable: false,
        lines: [
          line(1, '17 * * * * root cd / && run-parts /etc/cron.hourly', 'job', {
            expression: '17 * * * *',
            command: 'cd / && run-parts /etc/cron.hourly',
            runAs: 'root',
          }),
        ],
      },
    ],
  },
};

/** Opens the Crontab tab and waits for the lines. */
async function openCrontab() {
  fireEvent.click(await screen.findByRole('tab', { name: 'Crontab' }, { timeout: 5000 }));
  return within(await screen.findByRole('list', { name: 'Crontab of deploy' }));
}

describe('CrontabPanel', () => {
  it('shows every crontab with its kinds and words; only own job lines can be chosen', async () => {
    openCronPage({ '/cron/getCrontab': [CRONTAB] });
    const own = await openCrontab();
    expect(own.getByText('At 03:00')).toBeTruthy();
    expect(own.getByText('Ferry job')).toBeTruthy();
    expect(own.getAllByText('Ferry marker')).toHaveLength(2);
    expect(own.getByText('Variable')).toBeTruthy();
    expect(own.getAllByRole('checkbox').map((c) => c.getAttribute('aria-label'))).toEqual([
      'Choose line 2',
      'Choose line 3',
    ]);
    const system = within(screen.getByRole('list', { name: '/etc/crontab' }));
    expect(system.getByText('At 17 minutes past the hour · as root')).toBeTruthy();
    expect(system.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('imports the chosen lines with the checksum read', async () => {
    const net = openCronPage({
      '/cron/getCrontab': [CRONTAB],
      '/cron/import': [{ code: 0, data: { ids: [8] } }],
    });
    const own = await openCrontab();
    const importButton = screen.getByRole('button', { name: /Import 0 lines/ });
    expect(importButton).toHaveProperty('disabled', true);
    fireEvent.click(own.getByRole('checkbox', { name: 'Choose line 3' }));
    fireEvent.click(screen.getByRole('button', { name: /Import 1 line/ }));
    expect(await screen.findByText('1 line is now a job')).toBeTruthy();
    expect(net.callsTo('/cron/import')[0]?.body).toEqual({
      serverId: 1,
      lineNos: [3],
      checksum: CHECKSUM,
    });
  });

  it('says the crontab changed since it was read and reads it again', async () => {
    const net = openCronPage({
      '/cron/getCrontab': [CRONTAB],
      '/cron/import': [{ code: 2, message: 'changed', reason: 'crontab_changed' }],
    });
    const own = await openCrontab();
    fireEvent.click(own.getByRole('checkbox', { name: 'Choose line 2' }));
    fireEvent.click(screen.getByRole('button', { name: /Import 1 line/ }));
    expect(await screen.findByText(/The crontab changed since it was read/)).toBeTruthy();
    expect(net.callsTo('/cron/getCrontab').length).toBeGreaterThanOrEqual(2);
  });

  it('offers no choice to a user who may not add jobs', async () => {
    openCronPage({ '/cron/getCrontab': [CRONTAB] }, [Perm.ShowCronPage]);
    const own = await openCrontab();
    expect(own.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Import/ })).toBeNull();
  });
});
