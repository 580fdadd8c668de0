import { describe, expect, it } from 'vitest';
import { DEFAULT_IDENTITY, IDENTITY_KEY, session } from '../session';

describe('session', () => {
  it('defaults to namespace 0, no name, role -1', () => {
    expect(session.identity()).toEqual({ id: 0, name: '', roleId: -1 });
    expect(DEFAULT_IDENTITY).toEqual({ id: 0, name: '', roleId: -1 });
  });

  it("stores the identity under 'G-N-ID' in session and local storage", () => {
    session.setIdentity({ id: 3, name: 'dev', roleId: 2 });
    const raw = JSON.stringify({ id: 3, name: 'dev', roleId: 2 });
    expect(sessionStorage.getItem(IDENTITY_KEY)).toBe(raw);
    expect(localStorage.getItem(IDENTITY_KEY)).toBe(raw);
  });

  it('prefers this tab over the last namespace used in another tab', () => {
    localStorage.setItem(IDENTITY_KEY, JSON.stringify({ id: 1, name: 'a', roleId: 1 }));
    expect(session.identity().id).toBe(1);
    sessionStorage.setItem(IDENTITY_KEY, JSON.stringify({ id: 2, name: 'b', roleId: 1 }));
    expect(session.identity().id).toBe(2);
  });

  it('ignores a damaged entry', () => {
    localStorage.setItem(IDENTITY_KEY, '{"id":"x"}');
    expect(session.identity()).toEqual(DEFAULT_IDENTITY);
  });

  it('forgets login and namespace on clear', () => {
    session.markLoggedIn();
    session.setIdentity({ id: 3, name: 'dev', roleId: 2 });
    session.setNamespaceList([{ namespaceId: 3, namespaceName: 'dev', roleId: 2 }]);
    expect(session.isLoggedIn()).toBe(true);
    session.clear();
    expect(session.isLoggedIn()).toBe(false);
    expect(session.identity()).toEqual(DEFAULT_IDENTITY);
    expect(session.namespaceList()).toEqual([]);
  });
});
