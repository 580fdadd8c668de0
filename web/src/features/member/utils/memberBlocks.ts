import type { MemberRow } from './MemberRow';

/** The first user, made at install: the server never disables or demotes it. */
export const OWNER_ID = 1;

/** Who is acting: the id and flag from the user info. */
export interface Actor {
  id: number;
  superManager: number;
}

/** Why the server would refuse to disable `target`, as a `member:blocked.*` key. */
export type DisableBlock = 'owner' | 'self' | 'superOnly';

/** Mirrors the server's checks (owner_protected, remove_self, super_manager_only). */
export function whyNotDisable(target: MemberRow, actor: Actor): DisableBlock | undefined {
  if (target.id === OWNER_ID) return 'owner';
  if (target.id === actor.id) return 'self';
  if (target.superManager === 1 && actor.superManager !== 1) return 'superOnly';
  return undefined;
}

/** Only a super manager may change a super manager (super_manager_only). */
export function whyNotEdit(target: MemberRow, actor: Actor): 'superOnly' | undefined {
  return target.superManager === 1 && actor.superManager !== 1 ? 'superOnly' : undefined;
}
