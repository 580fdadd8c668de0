import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialogWith } from '../../../test/dialogWith';
import { menuItem, openRowMenu } from '../../../test/openRowMenu';
import { openCronPage, rowOf } from './cronPageSetup';

/** Opens the job's copy dialog and chooses web-2 in it. */
async function chooseWeb2() {
  await rowOf('backup.sh --all');
  fireEvent.click(menuItem(await openRowMenu('nightly backup'), 'Copy to servers'));
  const dialog = await dialogWith('Copy the job to servers');
  fireEvent.mouseDown(dialog.getByRole('combobox', { name: 'Servers' }));
  fireEvent.click(
    await screen.findByText('web-2 (10.0.0.2)', { selector: '.ant-select-item-option-content' }),
  );
  return dialog;
}

describe('BindServersModal', () => {
  it("offers the other servers and shows each server's result", async () => {
    const net = openCronPage({
      '/cron/bind': [
        { code: 0, data: { list: [{ serverId: 2, id: 0, error: 'crontab: command not found' }] } },
      ],
    });
    const dialog = await chooseWeb2();
    expect(
      screen.queryByText('web-1 (10.0.0.1)', { selector: '.ant-select-item-option-content' }),
    ).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Copy to 1 server' }));
    expect(await dialog.findByText('crontab: command not found')).toBeTruthy();
    expect(dialog.getByText('web-2')).toBeTruthy();
    expect(net.callsTo('/cron/bind')[0]?.body).toEqual({ id: 7, serverIds: [2] });
  });

  it('says a server got its copy', async () => {
    openCronPage({
      '/cron/bind': [{ code: 0, data: { list: [{ serverId: 2, id: 9, error: '' }] } }],
    });
    const dialog = await chooseWeb2();
    fireEvent.click(dialog.getByRole('button', { name: 'Copy to 1 server' }));
    expect(await dialog.findByText('Added')).toBeTruthy();
  });
});
