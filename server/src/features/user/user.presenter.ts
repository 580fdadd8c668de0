import { formatTime } from '../../core/clock.js';
import type { UserRecord } from './user.repository.js';

/** A member row as goploy names it; the password and API key never leave the server. */
export function presentUser(u: UserRecord) {
  return {
    id: u.id,
    account: u.account,
    password: '' as const,
    name: u.name,
    contact: u.contact,
    superManager: u.super_manager,
    state: u.state,
    insertTime: formatTime(u.insert_time),
    updateTime: formatTime(u.update_time),
    lastLoginTime: formatTime(u.last_login_time),
    apiKey: '' as const,
  };
}
