import type { AuthUser } from './context.js';

export type Credentials = { kind: 'session'; token: string } | { kind: 'apiKey'; key: string };

/**
 * What a scoped API key allows beyond who its owner is: the namespaces it acts in, the projects
 * (null: every project of those namespaces) and the role whose permissions cap the owner's own.
 */
export interface ApiKeyScope {
  namespaceIds: ReadonlySet<number>;
  projectIds: ReadonlySet<number> | null;
  roleId: number;
}

/** The API key a request came with: goploy's personal key (id 0, no scope) or a scoped one. */
export interface ApiKeyUse {
  id: number;
  name: string;
  scope: ApiKeyScope | null;
}

/** What the auth hook needs from the identity features; core never imports them. */
export interface IdentityResolver {
  /**
   * Turns credentials into an enabled user, or throws an AppError: 10001 unknown credentials,
   * 10086 expired session, 10000 disabled account. `refreshCookie` asks the hook to re-send the
   * session cookie because the session slid forward.
   */
  authenticate(
    creds: Credentials,
    meta: { ip: string; userAgent: string },
  ): Promise<{ user: AuthUser; tokenHash?: string; refreshCookie: boolean; key?: ApiKeyUse }>;
  /** The permission ids of a role (a scoped key's cap); empty for a role that is gone. */
  rolePermissions(roleId: number): Promise<ReadonlySet<number>>;
  /** The permission ids of `user` in `namespaceId`, or null when not a member. */
  permissionsIn(user: AuthUser, namespaceId: number): Promise<ReadonlySet<number> | null>;
  /** A signed-in user worked in `namespaceId` (a member there); the next sign-in proposes it. */
  noteNamespace(user: AuthUser, namespaceId: number): Promise<void>;
}

export { SESSION_COOKIE } from '@ferry/contract';
