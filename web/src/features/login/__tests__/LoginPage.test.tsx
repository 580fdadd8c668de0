import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../../auth/session';
import { fakeFetch } from '../../../test/fakeFetch';
import { renderApp } from '../../../test/renderApp';
import { providerPage } from '../utils/mediaLoginParams';

const namespaceList = [
  {
    namespaceId: 1,
    namespaceName: 'goploy',
    roleId: 0,
    id: 1,
    name: 'goploy',
    role_id: 0,
    permissionIds: null,
  },
  {
    namespaceId: 2,
    namespaceName: 'shop',
    roleId: 0,
    id: 2,
    name: 'shop',
    role_id: 0,
    permissionIds: null,
  },
];

const loggedInApp = {
  '/user/getConfig': [
    {
      code: 0,
      data: {
        ldap: { enabled: false },
        captcha: { enabled: true },
        mediaURL: { dingtalk: '', feishu: '' },
      },
    },
  ],
  '/user/info': [
    {
      code: 0,
      data: {
        userInfo: { id: 1, account: 'admin', name: 'Admin', superManager: 1 },
        namespace: { id: 2, permissionIds: [] },
      },
    },
  ],
  '/namespace/getOption': [{ code: 0, data: { list: namespaceList, preferredNamespaceId: 2 } }],
  '/user/getApiKey': [{ code: 0, data: '' }],
};

function fillCredentials(account: string, password: string) {
  fireEvent.change(screen.getByLabelText('Account'), { target: { value: account } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginPage', () => {
  it('renders the login form with the language and theme switches', async () => {
    fakeFetch(loggedInApp);
    renderApp('/login');
    expect(await screen.findByLabelText('Account')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Language' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /switch to (dark|light) mode/i })).toBeTruthy();
  });

  it('says the password is the directory one only when the server signs in with LDAP', async () => {
    const hint = 'Sign in with your directory (LDAP) account and password';
    fakeFetch(loggedInApp);
    const off = renderApp('/login');
    await screen.findByLabelText('Account');
    expect(screen.queryByText(hint)).toBeNull();
    off.unmount();
    fakeFetch({
      ...loggedInApp,
      '/user/getConfig': [
        {
          code: 0,
          data: {
            ldap: { enabled: true },
            captcha: { enabled: false },
            mediaURL: { dingtalk: '', feishu: '' },
          },
        },
      ],
    });
    renderApp('/login');
    expect(await screen.findByText(hint)).toBeTruthy();
  });

  it('asks for a new password on 10004 and logs in with it', async () => {
    const net = fakeFetch({
      ...loggedInApp,
      '/user/login': [
        {
          code: 10004,
          message: 'You need to change your password upon first login',
          reason: 'password_first_login',
        },
        { code: 0, data: { token: 't', namespaceList } },
      ],
    });
    const { history } = renderApp('/login?redirect=%2Fuser%2Fprofile');
    await screen.findByLabelText('Account');
    fillCredentials('  admin ', 'Initial123!');

    expect(await screen.findByText('A new password is required')).toBeTruthy();
    expect(screen.getByText('This is your first login: choose a new password')).toBeTruthy();
    expect(net.callsTo('/user/login')[0]?.body).toMatchObject({
      account: 'admin',
      password: 'Initial123!',
    });

    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'onlyletters' } });
    fireEvent.change(screen.getByLabelText('Confirm the new password'), {
      target: { value: 'onlyletters' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set password and log in' }));
    expect(await screen.findByText('The password does not follow the rule below')).toBeTruthy();
    expect(screen.getByText(/8 to 16 characters/)).toBeTruthy();
    expect(net.callsTo('/user/login')).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Better123!' } });
    fireEvent.change(screen.getByLabelText('Confirm the new password'), {
      target: { value: 'Better123!' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set password and log in' }));

    await waitFor(() => expect(net.callsTo('/user/login')).toHaveLength(2));
    expect(net.callsTo('/user/login')[1]?.body).toMatchObject({
      account: 'admin',
      password: 'Initial123!',
      newPassword: 'Better123!',
    });
    await waitFor(() => expect(history.location.pathname).toBe('/user/profile'));
    expect(session.isLoggedIn()).toBe(true);
    expect(session.identity()).toEqual({ id: 2, name: 'shop', roleId: 0 });
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeTruthy();
  });

  it('shows the click captcha when the server asks for it and sends its key with the login', async () => {
    const net = fakeFetch({
      ...loggedInApp,
      '/user/login': [
        {
          code: 2,
          message: 'Captcha error, please check captcha again',
          reason: 'captcha_required',
        },
        { code: 0, data: { token: 't', namespaceList } },
      ],
      '/user/getCaptcha': [
        {
          code: 0,
          data: {
            key: 'cap-1',
            base64: 'data:image/svg+xml;base64,AA==',
            thumbBase64: 'data:image/svg+xml;base64,AA==',
          },
        },
      ],
      '/user/checkCaptcha': [{ code: 0, data: null }],
    });
    renderApp('/login');
    await screen.findByLabelText('Account');
    fillCredentials('admin', 'Admin123!');

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Security check')).toBeTruthy();
    const picture = await within(dialog).findByRole('button', {
      name: 'Picture with the characters to click',
    });
    // Rendered at twice the image's size: points must come back in 300x220 coordinates.
    vi.spyOn(picture, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 100, y: 50, width: 600, height: 440 }),
    );
    await within(dialog).findByText('Clicked 0 of 4');
    for (const [x, y] of [
      [120, 70],
      [300, 250],
      [500, 90],
      [680, 470],
    ] as const) {
      fireEvent.click(picture, { clientX: x, clientY: y });
    }

    await waitFor(() => expect(net.callsTo('/user/checkCaptcha')).toHaveLength(1));
    expect(net.callsTo('/user/checkCaptcha')[0]?.body).toEqual({
      key: 'cap-1',
      dots: [10, 10, 100, 100, 200, 20, 290, 210],
    });
    expect(await within(dialog).findByText('Check passed')).toBeTruthy();
    await waitFor(() => expect(net.callsTo('/user/login')).toHaveLength(2));
    expect(net.callsTo('/user/login')[1]?.body).toMatchObject({
      account: 'admin',
      captchaKey: 'cap-1',
    });
  });

  it('says a refused login above the form, where it stays while the user corrects it', async () => {
    const net = fakeFetch({
      ...loggedInApp,
      '/user/login': [
        { code: 2, message: 'Invalid account or password', reason: 'invalid_credentials' },
      ],
    });
    renderApp('/login');
    await screen.findByLabelText('Account');
    fillCredentials('admin', 'wrong-one');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Invalid account or password')).toBeTruthy();
    expect(document.querySelector('.ant-message-notice')).toBeNull();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'another' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.getByRole('alert')).toBe(alert);
    expect(net.callsTo('/user/login')).toHaveLength(1);
  });

  it('opens the namespace the server proposes (the one last worked in)', async () => {
    session.setIdentity({ id: 2, name: 'shop', roleId: 0 });
    fakeFetch({
      ...loggedInApp,
      '/user/login': [{ code: 0, data: { token: 't', namespaceList, preferredNamespaceId: 1 } }],
    });
    const { history } = renderApp('/login?redirect=%2Fuser%2Fprofile');
    await screen.findByLabelText('Account');
    fillCredentials('admin', 'Admin123!');
    await waitFor(() => expect(history.location.pathname).toBe('/user/profile'));
    expect(session.identity()).toEqual({ id: 1, name: 'goploy', roleId: 0 });
  });

  it('sends a logged-out visitor to the login page with the way back', async () => {
    fakeFetch(loggedInApp);
    const { history } = renderApp('/user/profile');
    await screen.findByLabelText('Account');
    expect(history.location.pathname).toBe('/login');
    expect(new URLSearchParams(history.location.search).get('redirect')).toBe('/user/profile');
  });

  it('sends a logged-in user away from the login page', async () => {
    session.markLoggedIn();
    session.setIdentity({ id: 2, name: 'shop', roleId: 0 });
    fakeFetch(loggedInApp);
    const { history } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeTruthy();
    expect(history.location.pathname).toBe('/user/profile');
  });

  describe('DingTalk and Feishu', () => {
    const withMedia = {
      ...loggedInApp,
      '/user/getConfig': [
        {
          code: 0,
          data: {
            ldap: { enabled: false },
            captcha: { enabled: false },
            mediaURL: { dingtalk: 'https://login.dingtalk.com/oauth2/auth?x=1', feishu: '' },
          },
        },
      ],
    };

    it('offers the providers that are on, and goes to a fresh authorize address', async () => {
      const assign = vi.spyOn(providerPage, 'open').mockImplementation(() => undefined);
      const net = fakeFetch({
        ...withMedia,
        '/user/getMediaLoginUrl': [
          {
            code: 0,
            data: {
              dingtalk: 'https://login.dingtalk.com/oauth2/auth?state=dingtalk.n',
              feishu: '',
            },
          },
        ],
      });
      renderApp('/login?redirect=%2Fuser%2Fprofile');
      const button = await screen.findByRole('button', { name: /DingTalk/ });
      expect(screen.queryByRole('button', { name: /Feishu/ })).toBeNull();
      fireEvent.click(button);
      await waitFor(() =>
        expect(assign).toHaveBeenCalledWith(
          'https://login.dingtalk.com/oauth2/auth?state=dingtalk.n',
        ),
      );
      const [asked] = net.callsTo('/user/getMediaLoginUrl');
      expect(asked?.query.get('redirectUri')).toBe(`${window.location.origin}/login`);
      expect(sessionStorage.getItem('ferry.mediaLoginRedirect')).toBe('/user/profile');
      assign.mockRestore();
    });

    it('shows no provider buttons when none is on', async () => {
      fakeFetch(loggedInApp);
      renderApp('/login');
      await screen.findByLabelText('Account');
      expect(screen.queryByText('or sign in with')).toBeNull();
    });

    it('finishes the sign-in the provider sent back, and opens the page asked for before', async () => {
      sessionStorage.setItem('ferry.mediaLoginRedirect', '/user/profile');
      window.history.replaceState(null, '', '/login?authCode=c0de&state=dingtalk.n1');
      const net = fakeFetch({
        ...withMedia,
        '/user/mediaLogin': [
          { code: 0, data: { token: 't', namespaceList, preferredNamespaceId: 2 } },
        ],
      });
      const { history } = renderApp('/login?authCode=c0de&state=dingtalk.n1');
      await waitFor(() => expect(history.location.pathname).toBe('/user/profile'));
      expect(net.callsTo('/user/mediaLogin')[0]?.body).toEqual({
        authCode: 'c0de',
        state: 'dingtalk.n1',
        redirectUri: `${window.location.origin}/login`,
      });
      // The code does not stay in the address bar.
      expect(window.location.search).toBe('');
    });

    it('says why a provider sign-in was refused, above the login form', async () => {
      window.history.replaceState(null, '', '/login?code=c0de&state=feishu.n1');
      fakeFetch({
        ...withMedia,
        '/user/mediaLogin': [
          {
            code: 2,
            message:
              'No member has the mobile number of your Feishu account, please ask the administrator',
            reason: 'media_no_member',
          },
        ],
      });
      renderApp('/login?code=c0de&state=feishu.n1');
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toMatch(
        /Feishu sign-in did not work: No member has the mobile number/,
      );
      expect(screen.getByLabelText('Account')).toBeTruthy();
      window.history.replaceState(null, '', '/');
    });
  });

  describe('OpenID Connect', () => {
    const withOidc = (label: string) => ({
      ...loggedInApp,
      '/user/getConfig': [
        {
          code: 0,
          data: {
            ldap: { enabled: false },
            captcha: { enabled: false },
            mediaURL: { dingtalk: '', feishu: '' },
            oidc: { enabled: true, label },
          },
        },
      ],
    });

    it('offers the provider under its label, and goes to a fresh authorize address', async () => {
      const assign = vi.spyOn(providerPage, 'open').mockImplementation(() => undefined);
      const net = fakeFetch({
        ...withOidc('Keycloak'),
        '/user/getOidcLoginUrl': [
          { code: 0, data: { url: 'https://id.example.com/auth?state=s1' } },
        ],
      });
      renderApp('/login?redirect=%2Fuser%2Fprofile');
      fireEvent.click(await screen.findByRole('button', { name: /Keycloak/ }));
      await waitFor(() =>
        expect(assign).toHaveBeenCalledWith('https://id.example.com/auth?state=s1'),
      );
      expect(net.callsTo('/user/getOidcLoginUrl')).toHaveLength(1);
      expect(sessionStorage.getItem('ferry.mediaLoginRedirect')).toBe('/user/profile');
      assign.mockRestore();
    });

    it('calls the button single sign-on without a label, and says when the provider is down', async () => {
      fakeFetch({
        ...withOidc(''),
        '/user/getOidcLoginUrl': [
          {
            code: 2,
            message: 'The sign-in provider cannot be reached, please try again later',
            reason: 'oidc_provider_unavailable',
          },
        ],
      });
      renderApp('/login');
      fireEvent.click(await screen.findByRole('button', { name: /Single sign-on/ }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'The sign-in provider cannot be reached; try again later',
      );
      expect(screen.getByRole('button', { name: /Single sign-on/ }).hasAttribute('disabled')).toBe(
        false,
      );
    });

    it('finishes the sign-in the console passed on, and opens the page asked for before', async () => {
      sessionStorage.setItem('ferry.mediaLoginRedirect', '/user/profile');
      const answer = 'code=c0de&state=s1&iss=https%3A%2F%2Fid.example.com';
      window.history.replaceState(null, '', `/login#oidc=${encodeURIComponent(answer)}`);
      const net = fakeFetch({
        ...withOidc('Keycloak'),
        '/user/oidcLogin': [
          { code: 0, data: { token: 't', namespaceList, preferredNamespaceId: 2 } },
        ],
      });
      const { history } = renderApp('/login');
      await waitFor(() => expect(history.location.pathname).toBe('/user/profile'));
      expect(net.callsTo('/user/oidcLogin')).toHaveLength(1);
      expect(net.callsTo('/user/oidcLogin')[0]?.body).toEqual({ callback: answer });
      // The answer does not stay in the address bar.
      expect(window.location.hash).toBe('');
    });

    it('says why the sign-in was refused, in the page language, above the login form', async () => {
      window.history.replaceState(null, '', `/login#oidc=${encodeURIComponent('code=c&state=s')}`);
      fakeFetch({
        ...withOidc('Keycloak'),
        '/user/oidcLogin': [
          {
            code: 2,
            message: 'None of your directory groups gives access to Ferry',
            reason: 'no_mapped_group',
          },
        ],
      });
      renderApp('/login');
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toMatch(
        /Keycloak sign-in did not work: None of your directory groups gives access to Ferry; ask the administrator/,
      );
      expect(screen.getByLabelText('Account')).toBeTruthy();
      window.history.replaceState(null, '', '/');
    });
  });
});
