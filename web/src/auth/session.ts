/**
 * What the browser remembers about the session. The session itself is an HttpOnly cookie the
 * page cannot read; these entries only say which namespace the user works in and whether the
 * user logged in from this browser.
 */
export interface Identity {
  /** The current namespace id, sent as the `G-N-ID` header. */
  id: number;
  /** The current namespace name. */
  name: string;
  /** The user's role in that namespace (0 for a super manager, -1 unknown). */
  roleId: number;
}

export interface NamespaceOption {
  namespaceId: number;
  namespaceName: string;
  roleId: number;
}

export const IDENTITY_KEY = 'G-N-ID';
export const LOGIN_KEY = 'LOGIN';
export const NAMESPACE_LIST_KEY = 'namespaceList';
export const DEFAULT_IDENTITY: Readonly<Identity> = Object.freeze({ id: 0, name: '', roleId: -1 });

function parseIdentity(raw: string | null): Identity | undefined {
  if (!raw) return undefined;
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null) return undefined;
    const { id, name, roleId } = v as Record<string, unknown>;
    if (typeof id !== 'number' || typeof name !== 'string' || typeof roleId !== 'number') {
      return undefined;
    }
    return { id, name, roleId };
  } catch {
    return undefined;
  }
}

function isNamespaceOption(v: unknown): v is NamespaceOption {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.namespaceId === 'number' &&
    typeof o.namespaceName === 'string' &&
    typeof o.roleId === 'number'
  );
}

/**
 * The identity lives in sessionStorage (so two tabs may work in two namespaces) and in
 * localStorage (so a new tab starts in the last namespace used).
 */
export const session = {
  identity(): Identity {
    return (
      parseIdentity(sessionStorage.getItem(IDENTITY_KEY)) ??
      parseIdentity(localStorage.getItem(IDENTITY_KEY)) ?? { ...DEFAULT_IDENTITY }
    );
  },
  setIdentity(identity: Identity): void {
    const raw = JSON.stringify({ id: identity.id, name: identity.name, roleId: identity.roleId });
    sessionStorage.setItem(IDENTITY_KEY, raw);
    localStorage.setItem(IDENTITY_KEY, raw);
  },
  clearIdentity(): void {
    sessionStorage.removeItem(IDENTITY_KEY);
    localStorage.removeItem(IDENTITY_KEY);
  },
  isLoggedIn(): boolean {
    return localStorage.getItem(LOGIN_KEY) !== null;
  },
  markLoggedIn(): void {
    localStorage.setItem(LOGIN_KEY, String(Date.now()));
  },
  clearLogin(): void {
    localStorage.removeItem(LOGIN_KEY);
  },
  namespaceList(): NamespaceOption[] {
    try {
      const v: unknown = JSON.parse(localStorage.getItem(NAMESPACE_LIST_KEY) ?? '[]');
      return Array.isArray(v) ? v.filter(isNamespaceOption) : [];
    } catch {
      return [];
    }
  },
  setNamespaceList(list: readonly NamespaceOption[]): void {
    const slim = list.map(({ namespaceId, namespaceName, roleId }) => ({
      namespaceId,
      namespaceName,
      roleId,
    }));
    localStorage.setItem(NAMESPACE_LIST_KEY, JSON.stringify(slim));
  },
  /** Forgets the login and the namespace: what signing out leaves behind. */
  clear(): void {
    this.clearLogin();
    this.clearIdentity();
    localStorage.removeItem(NAMESPACE_LIST_KEY);
  },
};
