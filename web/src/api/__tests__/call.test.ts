import { authRoutes, namespaceRoutes, userRoutes } from '@ferry/contract/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../auth/session';
import { fakeFetch } from '../../test/fakeFetch';
import { ApiError } from '../ApiError';
import { call } from '../call';
import { feedback, type FeedbackApi } from '../feedback';
import { goToLogin } from '../goToLogin';

vi.mock('../goToLogin', () => ({ goToLogin: vi.fn() }));

function spyFeedback() {
  const api = {
    error: vi.fn<FeedbackApi['error']>(),
    info: vi.fn<FeedbackApi['info']>(),
    confirm: vi.fn<FeedbackApi['confirm']>(),
  };
  feedback.use(api);
  return api;
}

const failWith = (code: number, message = 'nope', reason?: string) => [{ code, message, reason }];

describe('call', () => {
  beforeEach(() => {
    vi.mocked(goToLogin).mockClear();
    session.setIdentity({ id: 7, name: 'ops', roleId: 2 });
  });

  it('sends GET input as the query string with the namespace and route headers', async () => {
    const net = fakeFetch({
      '/user/getCaptcha': [{ code: 0, data: { key: 'k', base64: '', thumbBase64: '' } }],
    });
    await call(authRoutes.getCaptcha, { language: 'zh-cn' });
    const [req] = net.calls;
    expect(req?.method).toBe('GET');
    expect(req?.query.get('language')).toBe('zh-cn');
    expect(req?.body).toBeUndefined();
    expect(req?.headers['G-N-ID']).toBe('7');
    expect(req?.headers.Router).toBe(window.location.pathname);
    expect(net.mock.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
  });

  it('sends other methods a JSON body and resolves with data', async () => {
    const net = fakeFetch({ '/user/changePassword': [{ code: 0, data: null }] });
    await expect(
      call(userRoutes.changePassword, { oldPwd: 'a', newPwd: 'Abcdef12' }),
    ).resolves.toBeNull();
    expect(net.calls[0]?.method).toBe('PUT');
    expect(net.calls[0]?.body).toEqual({ oldPwd: 'a', newPwd: 'Abcdef12' });
  });

  it('toasts another code for 5 seconds and rejects with an ApiError', async () => {
    const fb = spyFeedback();
    fakeFetch({ '/namespace/getOption': failWith(2, 'Database is busy') });
    const err = await call(namespaceRoutes.getNamespaceOption).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(2);
    expect(fb.error).toHaveBeenCalledWith('Database is busy', 5);
    expect(fb.confirm).not.toHaveBeenCalled();
  });

  it('prefers a translated reason to the server message', async () => {
    const fb = spyFeedback();
    fakeFetch({ '/namespace/getOption': failWith(1, 'Permission denied', 'permission_denied') });
    await call(namespaceRoutes.getNamespaceOption).catch(() => undefined);
    expect(fb.error).toHaveBeenCalledWith('You do not have permission to do this', 5);
  });

  it('opens a single re-login dialog when several calls find the session expired', async () => {
    const fb = spyFeedback();
    fakeFetch({ '/namespace/getOption': failWith(10086, 'Login expired') });
    await Promise.allSettled([
      call(namespaceRoutes.getNamespaceOption),
      call(namespaceRoutes.getNamespaceOption),
    ]);
    expect(fb.confirm).toHaveBeenCalledTimes(1);
    const opts = fb.confirm.mock.calls[0]?.[0];
    expect(opts?.title).toBe('Confirm logout');
    expect(opts?.okText).toBe('Re-login');
    expect(fb.error).not.toHaveBeenCalled();

    session.markLoggedIn();
    opts?.onOk();
    expect(session.isLoggedIn()).toBe(false);
    expect(goToLogin).toHaveBeenCalledTimes(1);
    opts?.onCancel();
  });

  it.each([10000, 10001])('asks to log in again on code %i', async (code) => {
    const fb = spyFeedback();
    fakeFetch({ '/namespace/getOption': failWith(code) });
    await call(namespaceRoutes.getNamespaceOption).catch(() => undefined);
    expect(fb.confirm).toHaveBeenCalledTimes(1);
    fb.confirm.mock.calls[0]?.[0].onCancel();
  });

  it('forgets the namespace and logs out without a message on 10002', async () => {
    const fb = spyFeedback();
    session.markLoggedIn();
    const net = fakeFetch({
      '/namespace/getOption': failWith(10002),
      '/user/logout': [{ code: 0 }],
    });
    await expect(call(namespaceRoutes.getNamespaceOption)).rejects.toBeInstanceOf(ApiError);
    await vi.waitFor(() => expect(goToLogin).toHaveBeenCalled());
    expect(session.identity().id).toBe(0);
    expect(session.isLoggedIn()).toBe(false);
    expect(net.callsTo('/user/logout')).toHaveLength(1);
    expect(fb.error).not.toHaveBeenCalled();
    expect(fb.confirm).not.toHaveBeenCalled();
  });

  it('leaves silenced codes and reasons to the caller', async () => {
    const fb = spyFeedback();
    fakeFetch({ '/user/login': failWith(10004, 'change it', 'password_first_login') });
    const input = { account: 'a', password: 'b' };
    await call(authRoutes.login, input, { silent: [10004] }).catch(() => undefined);
    await call(authRoutes.login, input, { silent: ['password_first_login'] }).catch(
      () => undefined,
    );
    await call(authRoutes.login, input, { silent: true }).catch(() => undefined);
    expect(fb.error).not.toHaveBeenCalled();
    await call(authRoutes.login, input, { silent: [2] }).catch(() => undefined);
    expect(fb.error).toHaveBeenCalledTimes(1);
  });

  it('toasts a network error for 5 seconds', async () => {
    const fb = spyFeedback();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const err = await call(namespaceRoutes.getNamespaceOption).catch((e: unknown) => e);
    expect((err as ApiError).kind).toBe('network');
    expect(fb.error).toHaveBeenCalledWith('Network error: Failed to fetch', 5);
  });

  it('gives up after the timeout', async () => {
    const fb = spyFeedback();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_: unknown, init?: RequestInit) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            ),
          ),
      ),
    );
    const err = await call(namespaceRoutes.getNamespaceOption, {}, { timeoutMs: 20 }).catch(
      (e: unknown) => e,
    );
    expect((err as ApiError).kind).toBe('timeout');
    expect(fb.error).toHaveBeenCalledWith('The server did not answer within 60 seconds', 5);
  });
});
