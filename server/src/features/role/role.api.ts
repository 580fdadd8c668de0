/** What other features may ask of roles. */
export interface RoleCatalog {
  exists(roleId: number): Promise<boolean>;
  /** The permission ids a role holds (empty for an unknown role). */
  permissionIdsOf(roleId: number): Promise<number[]>;
  /** A role's id by its name. */
  idByName(name: string): Promise<number | undefined>;
}
