import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FP_NEW } from './projectRows';
import { activeTab, EditorStub, fillRequired, openDrawer, showTab } from './projectFormSetup';
import { buttonIn, fieldById, pickOption, typeInto } from './projectSetup';

vi.mock('../components/ScriptEditor', () => ({ ScriptEditor: EditorStub }));

describe('project drawer: adding', () => {
  it('adds a project with servers, members, scripts and custom variables', async () => {
    const { net, drawer } = await openDrawer({ add: true });
    await fillRequired();
    await showTab('Servers');
    await pickOption('serverIds', 'web-2');
    await pickOption('serverIds', 'web-3');
    await showTab('Members');
    await pickOption('userIds', 'Alice');
    await showTab('Scripts');
    fireEvent.change(drawer.getByLabelText('Script of After pull'), {
      target: { value: 'npm ci && npm run build' },
    });
    fireEvent.click(buttonIn(drawer, 'Add a variable'));
    await act(() => Promise.resolve());
    typeInto('script_customVariables_0_name', 'APP_ENV');
    typeInto('script_customVariables_0_value', 'prod');
    fireEvent.click(buttonIn(drawer, 'Add'));
    await waitFor(() => expect(net.callsTo('/project/add')).toHaveLength(1));
    expect(net.callsTo('/project/add')[0]).toMatchObject({
      method: 'POST',
      body: {
        name: 'shop',
        environment: 1,
        label: '',
        path: '/var/www/shop',
        repoType: 'git',
        url: 'https://github.com/acme/shop.git',
        repoAuthType: 'none',
        branch: 'main',
        serverIds: [2, 3],
        userIds: [7],
        deployServerMode: 'parallel',
        maxParallelServers: 10,
        transferType: 'rsync',
        transferOption: '-rtv --exclude .git --delete-after',
        script: {
          afterPull: { mode: 'bash', content: 'npm ci && npm run build' },
          afterDeploy: { mode: 'bash', content: '' },
          deployFinish: { mode: 'bash', content: '' },
          customVariables: [{ name: 'APP_ENV', type: 'string', value: 'prod' }],
        },
        buildTimeout: 1800,
        transferTimeout: 1800,
        afterDeployTimeout: 600,
      },
    });
    expect(net.callsTo('/project/add')[0]?.body).not.toHaveProperty('repoToken');
    expect(await screen.findByText('Project shop added')).toBeTruthy();
    await waitFor(() => expect(net.callsTo('/project/getList')).toHaveLength(2));
  });

  /** The tabs marked as holding fields to correct. */
  const markedTabs = () =>
    [...document.querySelectorAll('.ant-drawer [role="tab"]')]
      .filter((tab) => tab.querySelector('[aria-label="has fields to correct"]'))
      .map((tab) => tab.textContent);

  it('checks every tab before sending, marks the bad ones and brings forward the first', async () => {
    const { net, drawer } = await openDrawer({ add: true });
    await showTab('Advanced');
    typeInto('transferOption', '-a "open');
    fireEvent.click(buttonIn(drawer, 'Add'));
    expect(await drawer.findByText('Enter the name')).toBeTruthy();
    expect(activeTab()).toBe('Basic');
    expect(drawer.getByText('Choose the environment')).toBeTruthy();
    expect(drawer.getByText('Enter the repository address')).toBeTruthy();
    expect(drawer.getByText('Enter the branch')).toBeTruthy();
    expect(drawer.getByText('A double quote is not closed')).toBeTruthy();
    await waitFor(() => expect(markedTabs()).toEqual(['Basic', 'Repository', 'Advanced']));
    typeInto('transferOption', '-a');
    await waitFor(() => expect(markedTabs()).toEqual(['Basic', 'Repository']));
    typeInto('path', 'var/www');
    typeInto('url', 'git@github.com:-oProxyCommand=x');
    typeInto('branch', '--upload-pack=x');
    expect(await drawer.findByText('Enter an absolute path, such as /var/www/app')).toBeTruthy();
    expect(await drawer.findByText(/Enter a git address/)).toBeTruthy();
    expect(await drawer.findByText(/not starting with - or \//)).toBeTruthy();
    expect(net.callsTo('/project/add')).toHaveLength(0);
  });

  it('puts a field the server refuses under the field, on its tab', async () => {
    const { net, drawer } = await openDrawer(
      { add: true },
      {
        routes: {
          '/project/add': [
            {
              code: 10003,
              message: 'symlinkPath must not be the deploy path or inside it',
              reason: 'invalid_parameter',
            },
          ],
        },
      },
    );
    await fillRequired();
    fireEvent.click(drawer.getByRole('switch', { name: 'Symlink deploy' }));
    await act(() => Promise.resolve());
    typeInto('symlinkPath', '/var/www/releases');
    await showTab('Advanced');
    fireEvent.click(buttonIn(drawer, 'Add'));
    await waitFor(() => expect(net.callsTo('/project/add')).toHaveLength(1));
    expect(net.callsTo('/project/add')[0]?.body).toMatchObject({
      symlinkPath: '/var/www/releases',
      symlinkBackupNumber: 10,
    });
    const item = fieldById('symlinkPath').closest('.ant-form-item') as HTMLElement;
    expect(await within(item).findByText('must not be the deploy path or inside it')).toBeTruthy();
    expect(activeTab()).toBe('Basic');
  });

  it('tests the repository: the translated failure, then success with the host key', async () => {
    const { net, drawer } = await openDrawer(
      { add: true },
      {
        routes: {
          '/project/pingRepos': [
            {
              code: 2,
              message: 'Authentication failed: the repository refused the credentials',
              reason: 'git_auth_failed',
            },
            { code: 0, data: { hostKey: FP_NEW } },
          ],
        },
      },
    );
    await showTab('Repository');
    typeInto('url', 'https://github.com/acme/private.git');
    await act(() => Promise.resolve());
    fireEvent.click(drawer.getByLabelText('Username and token'));
    await act(() => Promise.resolve());
    typeInto('repoUsername', 'bot');
    typeInto('repoToken', 's3cret');
    fireEvent.click(buttonIn(drawer, 'Test repository'));
    expect(
      await drawer.findByText(
        'The repository refused the credentials: check the token or the deploy key',
      ),
    ).toBeTruthy();
    expect(
      drawer.getByText('Authentication failed: the repository refused the credentials'),
    ).toBeTruthy();
    expect(net.callsTo('/project/pingRepos')[0]?.body).toEqual({
      repoType: 'git',
      url: 'https://github.com/acme/private.git',
      repoAuthType: 'token',
      repoUsername: 'bot',
      repoToken: 's3cret',
    });
    fireEvent.click(buttonIn(drawer, 'Test repository'));
    expect(await drawer.findByText('The repository answered')).toBeTruthy();
    expect(drawer.getByLabelText(FP_NEW)).toBeTruthy();
  });

  it('offers only the credentials the address allows', async () => {
    const { drawer } = await openDrawer({ add: true });
    await showTab('Repository');
    typeInto('url', 'git@github.com:acme/shop.git');
    await act(() => Promise.resolve());
    expect(drawer.queryByLabelText('Username and token')).toBeNull();
    fireEvent.click(drawer.getByLabelText('Console key'));
    await act(() => Promise.resolve());
    expect(await drawer.findByLabelText('Console public key')).toBeTruthy();
    expect(drawer.getByText(/Not known yet: the key is trusted at the first contact/)).toBeTruthy();
    typeInto('url', 'https://github.com/acme/shop.git');
    await waitFor(() => expect(drawer.queryByLabelText('Console key')).toBeNull());
    // The credential falls back to none once the address no longer allows the console key.
    await waitFor(() => expect(drawer.getByLabelText('None')).toHaveProperty('checked', true));
  });

  it('adds a Subversion project with its password, refusing what svn cannot take', async () => {
    const { net, drawer } = await openDrawer({ add: true });
    typeInto('name', 'legacy');
    await pickOption('environment', 'Production');
    typeInto('path', '/var/www/legacy');
    await showTab('Repository');
    fireEvent.click(drawer.getByLabelText('Subversion'));
    await act(() => Promise.resolve());
    expect(drawer.getByText(/^svn:\/\/host\/repo, https:\/\/host\/svn\/repo/)).toBeTruthy();
    expect(drawer.getByText(/^master is the trunk/)).toBeTruthy();
    typeInto('url', 'svn+ssh://svn.example.com/legacy');
    typeInto('branch', 'feature/x');
    fireEvent.click(buttonIn(drawer, 'Add'));
    expect(
      await drawer.findByText('svn+ssh:// is not offered: use svn://, https:// or file://'),
    ).toBeTruthy();
    expect(
      drawer.getByText('Enter master (the trunk) or the name of one folder under branches/'),
    ).toBeTruthy();
    typeInto('url', 'svn://svn.example.com/legacy');
    typeInto('branch', 'master');
    fireEvent.click(drawer.getByLabelText('Username and password'));
    await act(() => Promise.resolve());
    typeInto('repoUsername', 'alice');
    typeInto('repoToken', 'svn-secret');
    expect(drawer.getByLabelText('Password')).toBeTruthy();
    fireEvent.click(buttonIn(drawer, 'Add'));
    await waitFor(() => expect(net.callsTo('/project/add')).toHaveLength(1));
    expect(net.callsTo('/project/add')[0]?.body).toMatchObject({
      repoType: 'svn',
      url: 'svn://svn.example.com/legacy',
      repoAuthType: 'token',
      repoUsername: 'alice',
      repoToken: 'svn-secret',
      branch: 'master',
    });
  });

  it('adds an SFTP source with its password alone, and no branch to pick', async () => {
    const { net, drawer } = await openDrawer({ add: true });
    typeInto('name', 'drops');
    await pickOption('environment', 'Production');
    typeInto('path', '/var/www/drops');
    await showTab('Repository');
    // The repository's SFTP, not the transfer's.
    fireEvent.click(fieldById('repoType').querySelector('input[value="sftp"]')!);
    await act(() => Promise.resolve());
    expect(drawer.getByText(/^sftp:\/\/user@host:port\/path, the folder/)).toBeTruthy();
    expect(document.getElementById('branch')).toBeNull();
    // No anonymous login over SSH, whatever the address says yet.
    expect(drawer.queryByLabelText('None')).toBeNull();
    typeInto('url', 'sftp://deploy@files.example.com/srv/drops --keyFile=keys/id_rsa');
    fireEvent.click(buttonIn(drawer, 'Add'));
    expect(
      await drawer.findByText('Follow --keyFile= with the absolute path of a key file'),
    ).toBeTruthy();
    // goploy's key file option: the file is the credential.
    typeInto('url', 'sftp://deploy@files.example.com/srv/drops --keyFile=/etc/ferry/keys/drops');
    await waitFor(() =>
      expect(drawer.getByLabelText('Key file named in the address')).toHaveProperty(
        'checked',
        true,
      ),
    );
    expect(drawer.queryByLabelText('Password login')).toBeNull();
    typeInto('url', 'sftp://deploy@files.example.com/srv/drops');
    // No anonymous login over SSH: the password is chosen, and the user is the address's.
    await waitFor(() =>
      expect(drawer.getByLabelText('Password login')).toHaveProperty('checked', true),
    );
    expect(drawer.queryByLabelText('None')).toBeNull();
    expect(document.getElementById('repoUsername')).toBeNull();
    expect(
      drawer.getByText('The password of the user the address names (root when it names none).'),
    ).toBeTruthy();
    typeInto('repoToken', 'sftp-secret');
    fireEvent.click(buttonIn(drawer, 'Add'));
    await waitFor(() => expect(net.callsTo('/project/add')).toHaveLength(1));
    expect(net.callsTo('/project/add')[0]?.body).toMatchObject({
      repoType: 'sftp',
      url: 'sftp://deploy@files.example.com/srv/drops',
      repoAuthType: 'token',
      repoToken: 'sftp-secret',
      branch: '',
    });
  });

  it('adds an FTP source, anonymous by default or with the password of the user it names', async () => {
    const { net, drawer } = await openDrawer({ add: true });
    typeInto('name', 'ftp-drops');
    await pickOption('environment', 'Production');
    typeInto('path', '/var/www/drops');
    await showTab('Repository');
    fireEvent.click(fieldById('repoType').querySelector('input[value="ftp"]')!);
    await act(() => Promise.resolve());
    expect(drawer.getByText(/^ftp:\/\/user@host:port\/path, or ftps:\/\//)).toBeTruthy();
    typeInto('url', 'ftps://deploy@files.example.com/drops');
    expect(drawer.getByLabelText('Anonymous')).toHaveProperty('checked', true);
    expect(drawer.queryByLabelText('Deploy key')).toBeNull();
    fireEvent.click(drawer.getByLabelText('Password login'));
    await act(() => Promise.resolve());
    expect(document.getElementById('repoUsername')).toBeNull();
    typeInto('repoToken', 'ftp-secret');
    // The certificate is checked unless the project says otherwise, with a warning.
    const skip = drawer.getByLabelText("Do not check the server's certificate");
    expect(skip).toHaveProperty('checked', false);
    fireEvent.click(skip);
    expect(
      await drawer.findByText(/^Without the check, anyone between the console and the server/),
    ).toBeTruthy();
    fireEvent.click(buttonIn(drawer, 'Add'));
    await waitFor(() => expect(net.callsTo('/project/add')).toHaveLength(1));
    expect(net.callsTo('/project/add')[0]?.body).toMatchObject({
      repoType: 'ftp',
      url: 'ftps://deploy@files.example.com/drops',
      repoAuthType: 'token',
      repoToken: 'ftp-secret',
      repoTlsSkipVerify: 1,
      branch: '',
    });
  });

  it('fills the branch picker from the remote', async () => {
    const { net, drawer } = await openDrawer(
      { add: true },
      {
        routes: {
          '/project/getRemoteBranchList': [{ code: 0, data: { branch: ['develop', 'main'] } }],
        },
      },
    );
    await showTab('Repository');
    typeInto('url', 'https://github.com/acme/shop.git');
    fireEvent.click(drawer.getByLabelText('Load the branches of the remote'));
    await waitFor(() => expect(net.callsTo('/project/getRemoteBranchList')).toHaveLength(1));
    expect(net.callsTo('/project/getRemoteBranchList')[0]?.body).toEqual({
      repoType: 'git',
      url: 'https://github.com/acme/shop.git',
      repoAuthType: 'none',
    });
    // The list opens whole, whatever the field holds; typing narrows it.
    typeInto('branch', 'main');
    fireEvent.focus(fieldById('branch'));
    fireEvent.mouseDown(fieldById('branch'));
    const option = (text: string) =>
      screen.queryByText(text, { selector: '.ant-select-item-option-content' });
    await waitFor(() => expect(option('develop')).toBeTruthy());
    typeInto('branch', 'dev');
    await waitFor(() => expect(option('main')).toBeNull());
    fireEvent.click(option('develop')!);
    await waitFor(() => expect(fieldById('branch').value).toBe('develop'));
    // Opening the list again asks nothing new: the repository did not change.
    expect(net.callsTo('/project/getRemoteBranchList')).toHaveLength(1);
  });

  it('previews the transfer command for the first chosen server', async () => {
    const { drawer } = await openDrawer({ add: true });
    typeInto('path', '/var/www/shop');
    await showTab('Servers');
    await pickOption('serverIds', 'web-2');
    await showTab('Advanced');
    const command = await drawer.findByLabelText('Transfer command');
    expect(command.textContent).toBe(
      "rsync -rtv --exclude .git --delete-after -e 'ssh -p 2222' --rsync-path='mkdir -p /var/www/shop && rsync' ./ deploy@10.0.0.2:/var/www/shop/",
    );
    expect(drawer.getByText('For the first chosen server, web-2:')).toBeTruthy();
    expect(drawer.getByText('30 min · Pulling and the after-pull script together')).toBeTruthy();
  });

  it('asks before throwing away what was typed', async () => {
    const { drawer } = await openDrawer({ add: true });
    typeInto('name', 'half done');
    fireEvent.click(buttonIn(drawer, 'Cancel'));
    expect(
      await screen.findByText('What you changed in this project has not been saved.'),
    ).toBeTruthy();
    fireEvent.click(await screen.findByText('Keep editing'));
    expect(fieldById('name').value).toBe('half done');
    fireEvent.click(buttonIn(drawer, 'Cancel'));
    // The first question may still be fading out: answer the newest one.
    fireEvent.click((await screen.findAllByText('Discard')).at(-1)!);
    await waitFor(() => expect(document.getElementById('name')).toBeNull());
  });
});
