/**
 * What changed about who may do what. Features that change users, memberships, roles, sessions
 * or servers say so here; the identity caches and the socket registry listen. Features emit
 * without knowing who listens, so no feature needs another's callbacks.
 */
export type AccessChange =
  /** A user's row changed (name, super manager); `revoked`: disabled, removed, password reset. */
  | { kind: 'user'; userId: number; revoked: boolean }
  /** One session ended (logout). */
  | { kind: 'session'; tokenHash: string }
  /** Memberships changed: of one user, one namespace, or (both absent) anyone's. */
  | { kind: 'membership'; userId?: number; namespaceId?: number }
  /** A role's permissions changed, or the role was removed. */
  | { kind: 'role'; roleId: number }
  /** A server was disabled, removed, or its connection settings changed. */
  | { kind: 'server'; serverId: number };

export type AccessListener = (change: AccessChange) => void | Promise<void>;

export interface AccessEvents {
  /** Runs every listener in the order they were added, each awaited before the next. */
  emit(change: AccessChange): Promise<void>;
  /** Adds a listener; listeners added earlier run first (caches before sockets). */
  on(listener: AccessListener): void;
}

export function createAccessEvents(): AccessEvents {
  const listeners: AccessListener[] = [];
  return {
    async emit(change) {
      for (const listener of listeners) await listener(change);
    },
    on(listener) {
      listeners.push(listener);
    },
  };
}
