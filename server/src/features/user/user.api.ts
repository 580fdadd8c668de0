import type { UserRecord } from './user.repository.js';

export type { UserRecord };

/** The accounts as sign-in and identity see them (the auth feature's view of users). */
export interface UserAccounts {
  findById(id: number): Promise<UserRecord | undefined>;
  findByAccount(account: string): Promise<UserRecord | undefined>;
  /** The members whose `contact` (mobile number) is this one: DingTalk and Feishu sign-in. */
  findByContact(contact: string): Promise<UserRecord[]>;
  /** Only enabled users' keys authenticate; an empty hash never matches. */
  findByApiKeyHash(hash: string): Promise<UserRecord | undefined>;
  /** Sign-in's own writes: last login time, a password changed at login. */
  update(id: number, patch: Partial<Omit<UserRecord, 'id'>>): Promise<void>;
  /**
   * A member a directory vouched for, created at first sign-in: no local password (an empty hash
   * never verifies), none to change.
   */
  createFromDirectory(account: string, name: string): Promise<UserRecord>;
}
