import { hasPermission } from './hasPermission';

/** What the signed-in user may open: the permission ids held in this namespace, and the flag. */
export interface Access {
  permissionIds: readonly number[];
  superManager: boolean;
}

/** What a page asks of the user (a route's meta): any one of some permissions, or a super manager. */
interface Requirement {
  permissions?: readonly number[];
  superManager?: boolean;
}

/**
 * Whether `access` opens a page asking `need`: a super-manager page to super managers alone, and
 * any page to a holder of any one of its permissions (none asked: to every logged-in user). The
 * guard, the menu and the fixed tabs all ask here.
 */
export function mayOpen(access: Access, need: Requirement | undefined): boolean {
  // SECURITY: a super-manager page stays shut to every role, however many permissions it holds.
  if (need?.superManager && !access.superManager) return false;
  return hasPermission(access.permissionIds, need?.permissions);
}
