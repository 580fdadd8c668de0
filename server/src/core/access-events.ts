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
  /** A scoped API key was revoked. */
  | { kind: 'apiKey'; keyId: number }
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

/** Where access changes travel between consoles (the cluster bus's shape, decision 0044). */
interface AccessChannel {
  send(topic: string, body: unknown): void;
  on(topic: string, handler: (body: unknown) => void): void;
}

/**
 * Access events of one console among several: a change said here also reaches the other
 * consoles' caches and sockets (a logout on one ends that session's sockets on all), and theirs
 * reach this console's listeners.
 */
export function relayAccessEvents(local: AccessEvents, channel: AccessChannel): AccessEvents {
  channel.on('access', (change) => void local.emit(change as AccessChange));
  return {
    async emit(change) {
      channel.send('access', change);
      await local.emit(change);
    },
    on: (listener) => local.on(listener),
  };
}
