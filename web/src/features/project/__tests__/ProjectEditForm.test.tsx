import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FP_NEW, FP_OLD, projectRow } from './projectRows';
import { EditorStub, openDrawer, SHOP, showTab } from './projectFormSetup';
import { buttonIn, dialogTitled, fieldById, typeInto } from './projectSetup';

vi.mock('../components/ScriptEditor', () => ({ ScriptEditor: EditorStub }));

const editShop = (routes = {}, list = [SHOP]) =>
  openDrawer(
    { row: list[0]!.name, action: 'Edit', title: `Edit ${list[0]!.name}` },
    { list, routes },
  );

describe('project drawer: editing and copying', () => {
  it('edits a project from its row, keeping the stored token when the field stays empty', async () => {
    const { net, drawer } = await editShop();
    expect(fieldById('name').value).toBe('shop');
    await showTab('Repository');
    expect(fieldById('repoUsername').value).toBe('bot');
    expect(fieldById('repoToken').value).toBe('');
    expect(drawer.getByText('Stored')).toBeTruthy();
    expect(fieldById('repoToken').getAttribute('placeholder')).toBe(
      'Unchanged (leave empty to keep)',
    );
    await showTab('Scripts');
    expect(drawer.getByLabelText<HTMLTextAreaElement>('Script of After pull').value).toBe('npm ci');
    expect(fieldById('script_customVariables_0_name').value).toBe('APP_ENV');
    await showTab('Basic');
    typeInto('name', 'shop-v2');
    fireEvent.click(buttonIn(drawer, 'Save'));
    await waitFor(() => expect(net.callsTo('/project/edit')).toHaveLength(1));
    const body = net.callsTo('/project/edit')[0]?.body as Record<string, unknown>;
    expect(net.callsTo('/project/edit')[0]?.method).toBe('PUT');
    expect(body).toMatchObject({
      id: 1,
      name: 'shop-v2',
      environment: 1,
      label: 'web',
      repoAuthType: 'token',
      repoUsername: 'bot',
      serverIds: [1, 2],
      userIds: [7],
      script: {
        afterPull: { mode: 'bash', content: 'npm ci' },
        customVariables: [{ name: 'APP_ENV', type: 'list', value: 'prod,dev' }],
      },
    });
    expect(body).not.toHaveProperty('repoToken');
    expect(await screen.findByText('Changes to shop-v2 saved')).toBeTruthy();
  });

  it('says a refusal aloud when the field it names is not on screen', async () => {
    const { net, drawer } = await editShop({
      '/project/edit': [
        {
          code: 10003,
          message: 'reviewURL must be an http:// or https:// address',
          reason: 'invalid_parameter',
        },
      ],
    });
    fireEvent.click(buttonIn(drawer, 'Save'));
    await waitFor(() => expect(net.callsTo('/project/edit')).toHaveLength(1));
    expect(
      await screen.findByText('reviewURL must be an http:// or https:// address'),
    ).toBeTruthy();
    expect(document.getElementById('name')).toBeTruthy();
  });

  it('asks for the token again once the address points to another host', async () => {
    const { net, drawer } = await editShop();
    await showTab('Repository');
    typeInto('url', 'https://git.example.com/acme/shop.git');
    await act(() => Promise.resolve());
    expect(drawer.queryByText('Stored')).toBeNull();
    expect(drawer.getByText(/The address now points to another host/)).toBeTruthy();
    fireEvent.click(buttonIn(drawer, 'Save'));
    expect(await drawer.findByText('Enter the token')).toBeTruthy();
    expect(net.callsTo('/project/edit')).toHaveLength(0);
  });

  it('tests a stored project’s repository with its id, so stored secrets apply', async () => {
    const { net, drawer } = await editShop({
      '/project/pingRepos': [{ code: 0, data: { hostKey: '' } }],
    });
    await showTab('Repository');
    fireEvent.click(buttonIn(drawer, 'Test repository'));
    expect(await drawer.findByText('The repository answered')).toBeTruthy();
    expect(net.callsTo('/project/pingRepos')[0]?.body).toEqual({
      id: 1,
      repoType: 'git',
      url: 'https://github.com/acme/shop.git',
      repoAuthType: 'token',
      repoUsername: 'bot',
    });
  });

  it('copies a project under a new name, with its settings but without its secrets', async () => {
    const { net, drawer } = await openDrawer({
      row: 'shop',
      action: 'Copy',
      title: 'Add a copy of shop',
    });
    expect(fieldById('name').value).toBe('shop (copy)');
    await showTab('Repository');
    expect(drawer.queryByText('Stored')).toBeNull();
    fireEvent.click(buttonIn(drawer, 'Add'));
    expect(await drawer.findByText('Enter the token')).toBeTruthy();
    expect(net.callsTo('/project/add')).toHaveLength(0);
    typeInto('repoToken', 'n3w');
    fireEvent.click(buttonIn(drawer, 'Add'));
    await waitFor(() => expect(net.callsTo('/project/add')).toHaveLength(1));
    expect(net.callsTo('/project/add')[0]?.body).toMatchObject({
      name: 'shop (copy)',
      repoUsername: 'bot',
      repoToken: 'n3w',
      serverIds: [1, 2],
      userIds: [7],
    });
    expect(net.callsTo('/project/add')[0]?.body).not.toHaveProperty('id');
  });

  it('shows a changed repository host key in the drawer and accepts it', async () => {
    const changed = projectRow(4, 'api', {
      url: 'git@gitlab.com:acme/api.git',
      repoAuthType: 'consoleKey',
      repoHostKey: FP_OLD,
      repoPendingHostKey: FP_NEW,
    });
    const { net, drawer } = await editShop(
      { '/project/acceptRepoHostKey': [{ code: 0, data: { hostKey: FP_NEW } }] },
      [changed],
    );
    await showTab('Repository');
    expect(drawer.getByText('The repository host presented a different key')).toBeTruthy();
    expect(drawer.getByText(FP_NEW)).toBeTruthy();
    fireEvent.click(
      drawer.getByLabelText('Accept the new host key of the repository of api', {
        selector: 'button',
      }),
    );
    const confirm = dialogTitled('Accept the new host key of the repository of api?');
    fireEvent.click(confirm.getByText('Accept new key', { selector: 'button *' }));
    await waitFor(() => expect(net.callsTo('/project/acceptRepoHostKey')).toHaveLength(1));
    expect(
      await screen.findByText('The new host key of the repository of api is trusted'),
    ).toBeTruthy();
  });
});
