import type { Membership } from './namespace.repository.js';

export type { Membership };

/** What other features may ask of namespaces and who belongs to them. */
export interface NamespaceDirectory {
  /** Every namespace the user belongs to, with the role held there. */
  membershipsOf(userId: number): Promise<Membership[]>;
  /**
   * The namespace to propose to a user who opens the console without one: the one last worked in
   * while still a member, else the first of `memberships` holding projects, else 0.
   */
  preferredOf(userId: number, memberships: readonly Membership[]): Promise<number>;
  /** The user's role in one namespace (0 for a super manager), or undefined when not a member. */
  roleIn(userId: number, namespaceId: number): Promise<number | undefined>;
  /** The ids of a namespace's members. */
  memberIds(namespaceId: number): Promise<Set<number>>;
  /** Super managers join every namespace; demoted ones leave all. */
  syncSuperManager(userId: number, isSuper: boolean): Promise<void>;
  /** Whether a namespace of this id exists. */
  exists(id: number): Promise<boolean>;
  /** A namespace's id by its name. */
  idByName(name: string): Promise<number | undefined>;
  /**
   * Brings the memberships that came from a directory (`origin`, e.g. `ldap`) in line with
   * `wanted` (namespace id → role id); those given by hand stay. Whether anything changed.
   */
  syncFromDirectory(
    userId: number,
    origin: string,
    wanted: ReadonlyMap<number, number>,
  ): Promise<boolean>;
}
